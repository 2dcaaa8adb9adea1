import { PROBLEM_INPUT_TYPES, type InputVariable } from '@javelin/contracts';

/** "Input Variables" of a function problem: each variable's name, type and description. */
export function InputVariablesSection({
  variables,
  onAdd,
  onChange,
  onRemove,
}: {
  variables: readonly InputVariable[];
  onAdd: () => void;
  onChange: (index: number, patch: Partial<InputVariable>) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <section className="section" aria-labelledby="inputs-heading">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 id="inputs-heading">Input Variables</h2>
        <button type="button" className="btn btn-outline btn-sm" onClick={onAdd}>
          Add Variable
        </button>
      </div>
      {variables.length === 0 && <p className="muted">No input variables yet.</p>}
      {variables.map((v, i) => (
        <div
          key={v.id}
          className="row"
          style={{ alignItems: 'flex-end', marginBottom: '0.5rem' }}
          data-testid="input-variable"
        >
          <div className="field" style={{ flex: '1 1 140px', margin: 0 }}>
            <label htmlFor={`var-name-${v.id}`}>Variable {i + 1} name</label>
            <input
              id={`var-name-${v.id}`}
              value={v.name}
              onChange={(e) => onChange(i, { name: e.target.value })}
            />
          </div>
          <div className="field" style={{ flex: '0 1 120px', margin: 0 }}>
            <label htmlFor={`var-type-${v.id}`}>Variable {i + 1} type</label>
            <select
              id={`var-type-${v.id}`}
              value={v.type}
              onChange={(e) => onChange(i, { type: e.target.value as InputVariable['type'] })}
            >
              {PROBLEM_INPUT_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
          <div className="field" style={{ flex: '2 1 200px', margin: 0 }}>
            <label htmlFor={`var-desc-${v.id}`}>Variable {i + 1} description</label>
            <input
              id={`var-desc-${v.id}`}
              value={v.description}
              onChange={(e) => onChange(i, { description: e.target.value })}
            />
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-label={`Remove variable ${i + 1}`}
            onClick={() => onRemove(i)}
          >
            Remove
          </button>
        </div>
      ))}
    </section>
  );
}
