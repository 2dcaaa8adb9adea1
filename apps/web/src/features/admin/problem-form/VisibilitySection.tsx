/** "Visibility Settings": whether the problem is listed (both forms). */
export function VisibilitySection({
  visible,
  onChange,
}: {
  visible: boolean;
  onChange: (visible: boolean) => void;
}) {
  return (
    <section className="section" aria-labelledby="visibility-heading">
      <h2 id="visibility-heading">Visibility Settings</h2>
      <label className="row" style={{ fontWeight: 400 }}>
        <input type="checkbox" checked={visible} onChange={(e) => onChange(e.target.checked)} />
        Visible in the problem list (hidden problems can still be used in contests)
      </label>
    </section>
  );
}
