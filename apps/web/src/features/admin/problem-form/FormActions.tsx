/** Cancel and the submit button (both forms): what the submit says while saving or validating. */
export function FormActions({
  editing,
  saving,
  validating = false,
  onCancel,
}: {
  editing: boolean;
  saving: boolean;
  validating?: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="row" style={{ justifyContent: 'flex-end', marginTop: '1rem' }}>
      <button type="button" className="btn btn-outline" onClick={onCancel}>
        Cancel
      </button>
      <button type="submit" className="btn" disabled={saving || validating}>
        {saving ? 'Saving...' : validating ? 'Validating...' : editing ? 'Update Problem' : 'Create Problem'}
      </button>
    </div>
  );
}
