/** "Boilerplate Code" of a function problem, and the button that generates it from the signature. */
export function BoilerplateSection({
  code,
  onChange,
  onGenerate,
}: {
  code: string;
  onChange: (code: string) => void;
  onGenerate: () => void;
}) {
  return (
    <section className="section" aria-labelledby="boilerplate-heading">
      <div className="row" style={{ justifyContent: 'space-between' }}>
        <h2 id="boilerplate-heading">Boilerplate Code</h2>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onGenerate}>
          Generate Code
        </button>
      </div>
      <label htmlFor="problem-boilerplate" className="sr-only">
        Boilerplate code
      </label>
      <textarea
        id="problem-boilerplate"
        className="code-area"
        value={code}
        onChange={(e) => onChange(e.target.value)}
        spellCheck={false}
      />
    </section>
  );
}
