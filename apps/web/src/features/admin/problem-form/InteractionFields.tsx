import { useState, type ChangeEvent } from 'react';
import {
  INTERACTIONS,
  PackageUiMessages,
  type CustomOutputValidator,
  type Interaction,
} from '@javelin/contracts';

/**
 * Issue 42: how a classic problem's program meets its validator, the most runs of a multi-pass one,
 * and a validator or interactor attached from a file (one C++ or Java source, the package format's
 * interface: `validator input answer feedback_dir [flags]`, exit 42 accepted, 43 wrong answer).
 */
export function InteractionFields({
  interaction,
  passes,
  onInteraction,
  onPasses,
  onValidator,
}: {
  interaction: Interaction;
  passes: number | undefined;
  onInteraction: (value: Interaction) => void;
  onPasses: (value: number | undefined) => void;
  onValidator: (validator: CustomOutputValidator) => void;
}) {
  const [attached, setAttached] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const attach = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const language = /\.(cpp|cc|cxx)$/i.test(file.name) ? 'cpp' : /\.java$/i.test(file.name) ? 'java' : null;
    if (!language) {
      setProblem(PackageUiMessages.notAValidatorFile(file.name));
      setAttached(null);
      return;
    }
    setProblem(null);
    setAttached(file.name);
    onValidator({ language, files: [{ path: file.name, content: await file.text() }] });
  };
  return (
    <>
      <div className="field">
        <label htmlFor="problem-interaction">{PackageUiMessages.interactionLabel}</label>
        <select
          id="problem-interaction"
          value={interaction}
          onChange={(e) => onInteraction(e.target.value as Interaction)}
        >
          {INTERACTIONS.map((i) => (
            <option key={i} value={i}>
              {PackageUiMessages.interactionChoices[i]}
            </option>
          ))}
        </select>
      </div>
      {interaction === 'multi-pass' && (
        <div className="field">
          <label htmlFor="problem-passes">{PackageUiMessages.validationPassesLabel}</label>
          <input
            id="problem-passes"
            type="number"
            min={2}
            max={100}
            value={passes ?? 2}
            onChange={(e) => onPasses(e.target.value === '' ? undefined : Number(e.target.value))}
          />
        </div>
      )}
      <div className="field">
        <label htmlFor="problem-validator-file">{PackageUiMessages.attachValidator}</label>
        <input id="problem-validator-file" type="file" accept=".cpp,.cc,.cxx,.java" onChange={attach} />
        {attached && <p className="hint">{PackageUiMessages.validatorAttached(attached)}</p>}
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </>
  );
}
