import type { Problem } from '@javelin/contracts';
import { useEffect, useRef } from 'react';
import { Badge, DifficultyBadge } from '../../components/Badge';
import { isClassic } from '../problems/classic';
import { statementSummary } from '../problems/statementSummary';

/** Spec §9: the list cuts descriptions at 100 characters. */
export const DESCRIPTION_PREVIEW_LENGTH = 100;

/** The statement's first 100 characters as plain text (no Markdown or LaTeX source). */
function preview(description: string): string {
  const text = statementSummary(description, Number.POSITIVE_INFINITY);
  return text.length > DESCRIPTION_PREVIEW_LENGTH ? `${text.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...` : text;
}

/** Edit, Export and Delete of one problem: one line that never wraps (a phone scrolls the table). */
function RowActions(props: {
  problem: Problem;
  exporting: boolean;
  onEdit: () => void;
  onExport: () => void;
  onDelete: () => void;
}) {
  const { problem: p, exporting } = props;
  return (
    <div className="row-actions">
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-label={`Edit ${p.title}`}
        onClick={props.onEdit}
      >
        Edit
      </button>
      <button
        type="button"
        className="btn btn-outline btn-sm"
        aria-label={`Export ${p.title}`}
        disabled={exporting}
        onClick={props.onExport}
      >
        {exporting ? 'Exporting...' : 'Export'}
      </button>
      <button
        type="button"
        className="btn btn-destructive btn-sm"
        aria-label={`Delete ${p.title}`}
        onClick={props.onDelete}
      >
        Delete
      </button>
    </div>
  );
}

/**
 * The admin's problems. The problem just created or saved (`savedId`) is marked and scrolled into view,
 * so the list comes back showing what the admin did. On a phone each row is a card whose actions sit
 * on their own line (styles.css `.admin-problems`).
 */
export function AdminProblemsTable(props: {
  problems: Problem[];
  savedId: string | null;
  exportingId: string | null;
  onEdit: (id: string) => void;
  onExport: (id: string) => void;
  onDelete: (id: string) => void;
}) {
  const { problems, savedId } = props;
  const savedRow = useRef<HTMLTableRowElement>(null);
  const scrolledTo = useRef<string | null>(null);
  // Once per save, as soon as the refetched list holds the row.
  useEffect(() => {
    if (!savedId || scrolledTo.current === savedId || !savedRow.current) return;
    scrolledTo.current = savedId;
    savedRow.current.scrollIntoView?.({ block: 'center' });
  }, [savedId, problems]);
  return (
    <div className="card table-wrap">
      <table className="admin-problems">
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Difficulty</th>
            <th scope="col">Inputs</th>
            <th scope="col">Test Cases</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p) => {
            const saved = p._id === savedId;
            return (
              <tr
                key={p._id}
                data-testid="admin-problem-row"
                className={saved ? 'row-saved' : undefined}
                aria-current={saved ? 'true' : undefined}
                ref={saved ? savedRow : undefined}
              >
                <td data-label="Title">
                  <strong>{p.title}</strong>
                  {saved && <Badge variant="success">Saved</Badge>}
                  {p.isVisible === false && <span className="muted"> (hidden)</span>}
                  {isClassic(p) && <span className="muted"> (classic)</span>}
                  <div className="muted" style={{ fontSize: '0.8rem' }}>
                    {preview(p.description)}
                  </div>
                </td>
                <td data-label="Difficulty">
                  <DifficultyBadge difficulty={p.difficulty} />
                </td>
                <td data-label="Inputs">{p.inputVariables?.length ?? 0}</td>
                <td data-label="Test Cases">{p.testCaseCount ?? p.testCases?.length ?? 0}</td>
                <td className="actions-cell">
                  <RowActions
                    problem={p}
                    exporting={props.exportingId === p._id}
                    onEdit={() => props.onEdit(p._id)}
                    onExport={() => props.onExport(p._id)}
                    onDelete={() => props.onDelete(p._id)}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
