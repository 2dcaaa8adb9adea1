import type { ReactNode } from 'react';
import { PackageUiMessages, type CustomOutputValidator } from '@javelin/contracts';
import { classicJudgingSentence } from '../../problems/ProblemStatement';
import { flagsOf } from './classicForm';

/** "Judging" of a classic problem: the default validator's flags, or the package's own validator kept. */
export function ClassicJudgingSection({
  validatorFlags,
  outputValidator,
  onFlags,
  children,
}: {
  validatorFlags: string;
  outputValidator: CustomOutputValidator | undefined;
  onFlags: (flags: string) => void;
  /** The interaction and validator fields (issue 42). */
  children?: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby="judging-heading">
      <h2 id="judging-heading">Judging</h2>
      <div className="field">
        <label htmlFor="problem-validator-flags">Validator flags</label>
        <input
          id="problem-validator-flags"
          value={validatorFlags}
          spellCheck={false}
          onChange={(e) => onFlags(e.target.value)}
          placeholder="e.g., float_tolerance 1e-6   case_sensitive   space_change_sensitive"
        />
      </div>
      {children}
      {outputValidator ? (
        <p className="hint">
          {PackageUiMessages.customValidatorKept(outputValidator.language, outputValidator.files.length)}
        </p>
      ) : (
        <p className="hint" data-testid="checker-preview">
          Users read: {classicJudgingSentence({ validatorFlags: flagsOf(validatorFlags) })}
        </p>
      )}
    </section>
  );
}
