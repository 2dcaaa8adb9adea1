import { PROBLEM_RETURN_TYPES, type ProblemForm } from '@javelin/contracts';

/** A function problem's part of the details row: the function's name and return type. */
export function SignatureFields({
  functionName,
  returnType,
  onFunctionName,
  onReturnType,
}: {
  functionName: string;
  returnType: ProblemForm['returnType'];
  onFunctionName: (name: string) => void;
  onReturnType: (type: ProblemForm['returnType']) => void;
}) {
  return (
    <>
      <div className="field">
        <label htmlFor="problem-function">Function Name *</label>
        <input
          id="problem-function"
          value={functionName}
          onChange={(e) => onFunctionName(e.target.value)}
          required
          placeholder="e.g., twoSum"
        />
      </div>
      <div className="field">
        <label htmlFor="problem-return">Return Type</label>
        <select
          id="problem-return"
          value={returnType}
          onChange={(e) => onReturnType(e.target.value as ProblemForm['returnType'])}
        >
          {PROBLEM_RETURN_TYPES.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
