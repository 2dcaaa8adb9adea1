import { STDIO_CUSTOM_INPUT_KEY, type InputVariable, type RunCustomResponse } from '@javelin/contracts';
import { javaType, validateValue, VALUE_PLACEHOLDERS } from '@javelin/java-io';
import { useState, type FormEvent } from 'react';
import { Badge } from '../../components/Badge';
import { Messages } from '../../lib/messages';
import { errorMessage } from '../../lib/api';
import { CompileErrorBox, truncateStderr, verdictLabel } from './TestResults';
import { useRunCustomMutation } from './submissionsApi';

/** Each variable's value checked by type as the admin test-case editor's values are; null when all are valid. */
export function inputErrors(variables: readonly InputVariable[], values: Record<string, string>) {
  const errors: Record<string, string> = {};
  for (const v of variables) {
    const check = validateValue(v.type, values[v.name] ?? '');
    if (!check.valid) errors[v.name] = check.error;
  }
  return Object.keys(errors).length ? errors : null;
}

/** What the program printed on the custom input (or its compile error), with its verdict and time. */
function CustomOutput({ outcome }: { outcome: RunCustomResponse }) {
  return (
    <div className="custom-output" data-testid="custom-output" aria-live="polite">
      {outcome.compileError ? (
        <CompileErrorBox compileError={outcome.compileError} />
      ) : (
        <>
          <div className="row" style={{ margin: '0.75rem 0 0.25rem' }}>
            <Badge variant={outcome.verdict === 'accepted' ? 'success' : 'destructive'}>
              {outcome.verdict === 'accepted' ? 'Finished' : verdictLabel(outcome.verdict)}
            </Badge>
            <span className="muted" style={{ fontSize: '0.8rem' }}>
              {outcome.executionTime} ms
            </span>
          </div>
          <div className="muted" style={{ fontSize: '0.8rem' }}>
            Output:
          </div>
          <pre data-testid="custom-stdout">{outcome.actualOutput}</pre>
          {outcome.stderr && (
            <>
              <div className="muted" style={{ fontSize: '0.8rem' }}>
                Standard Error:
              </div>
              <pre data-testid="stderr">{truncateStderr(outcome.stderr)}</pre>
            </>
          )}
          {outcome.error && <pre style={{ color: 'var(--destructive)' }}>{outcome.error}</pre>}
        </>
      )}
    </div>
  );
}

/** Typed values, one per input variable (or one standard input), each with its error under it. */
function CustomInputFields(props: {
  variables: readonly InputVariable[];
  stdin: boolean;
  values: Record<string, string>;
  errors: Record<string, string> | null;
  onChange: (name: string, value: string) => void;
}) {
  const { values, errors } = props;
  return (
    <>
      {props.stdin && (
        <div className="field">
          <label htmlFor="custom-stdin">Standard input</label>
          <textarea
            id="custom-stdin"
            className="code-area"
            spellCheck={false}
            value={values[STDIO_CUSTOM_INPUT_KEY] ?? ''}
            onChange={(e) => props.onChange(STDIO_CUSTOM_INPUT_KEY, e.target.value)}
          />
        </div>
      )}
      {props.variables.map((v) => {
        const id = `custom-${v.name}`;
        const error = errors?.[v.name];
        return (
          <div className="field" key={v.name}>
            <label htmlFor={id}>
              {v.name} <span className="muted">({javaType(v.type)})</span>
            </label>
            <input
              id={id}
              value={values[v.name] ?? ''}
              placeholder={VALUE_PLACEHOLDERS[v.type]}
              aria-invalid={!!error}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => props.onChange(v.name, e.target.value)}
            />
            {error && (
              <span id={`${id}-error`} className="hint" style={{ color: 'var(--destructive)' }}>
                {v.name}: {error}
              </span>
            )}
          </div>
        );
      })}
    </>
  );
}

/** Runs the code on the user's own input: one value per input variable; nothing is compared. */
export function CustomInputPanel({
  problemId,
  contestId,
  code,
  variables,
  signedIn,
  onSignInNeeded,
  stdin = false,
}: {
  problemId: string;
  contestId?: string;
  code: string;
  variables: readonly InputVariable[];
  signedIn: boolean;
  onSignInNeeded: () => void;
  /** A classic problem: the program reads one text, its standard input, instead of typed values. */
  stdin?: boolean;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string> | null>(null);
  const [outcome, setOutcome] = useState<RunCustomResponse | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [runCustom, { isLoading }] = useRunCustomMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!signedIn) return onSignInNeeded();
    // The previous run's output goes at once: it belongs to other values, and never sits under an error.
    setOutcome(null);
    setFailure(null);
    const invalid = stdin ? null : inputErrors(variables, values);
    setErrors(invalid);
    if (invalid) return;
    try {
      const inputs = stdin
        ? { [STDIO_CUSTOM_INPUT_KEY]: values[STDIO_CUSTOM_INPUT_KEY] ?? '' }
        : Object.fromEntries(variables.map((v) => [v.name, values[v.name] ?? '']));
      setOutcome(
        await runCustom({
          problemId,
          ...(contestId ? { contestId } : {}),
          code,
          language: 'java',
          inputs,
        }).unwrap(),
      );
    } catch (err) {
      setFailure(errorMessage(err, Messages.runFailed));
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Custom input">
      <CustomInputFields
        variables={variables}
        stdin={stdin}
        values={values}
        errors={errors}
        onChange={(name, value) => setValues({ ...values, [name]: value })}
      />
      <button type="submit" className="btn btn-secondary btn-sm" disabled={isLoading}>
        {isLoading ? 'Running...' : 'Run with this input'}
      </button>
      {failure && (
        <div className="alert alert-error" role="alert" style={{ marginTop: '0.75rem' }}>
          {failure}
        </div>
      )}
      {outcome && <CustomOutput outcome={outcome} />}
    </form>
  );
}
