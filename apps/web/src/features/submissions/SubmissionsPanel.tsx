import {
  PracticeMessages,
  VerdictMessages,
  VirtualMessages,
  type ContestMode,
  type InputVariable,
  type SubmissionSummary,
} from '@javelin/contracts';
import { useState } from 'react';
import { Badge } from '../../components/Badge';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { CodeEditor } from '../editor/CodeEditor';
import { NotJudgedNote, TestResultsList, verdictLabel } from './TestResults';
import { useSubmissionQuery, useSubmissionsQuery } from './submissionsApi';

/** How many of a problem's submissions the tab lists. */
export const PROBLEM_SUBMISSIONS_SHOWN = 20;

/**
 * A submission's verdict as a badge. A partial score of a scoring problem (some of its points, not all)
 * reads as its score in the partial tone, "Partial — 50 / 100", as the submit's own headline does
 * (issue 45): never a plain red failure beside the points it earned.
 */
export function VerdictBadge({
  verdict,
  score,
  maxScore,
}: {
  verdict: string;
  score?: number;
  maxScore?: number;
}) {
  if (verdict !== 'accepted' && maxScore && score && score > 0 && score < maxScore)
    return <Badge variant="warning">{VerdictMessages.partial(score, maxScore)}</Badge>;
  return <Badge variant={verdict === 'accepted' ? 'success' : 'destructive'}>{verdictLabel(verdict)}</Badge>;
}

/** Marks a submit made from an ended contest's page: as practice, or in a virtual run. */
export function ContestModeBadge({ mode }: { mode?: ContestMode }) {
  if (!mode) return null;
  return (
    <Badge variant="outline">
      {mode === 'virtual' ? VirtualMessages.virtualBadge : VirtualMessages.practiceBadge}
    </Badge>
  );
}

export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

function SubmissionViewer({
  id,
  variables,
  onLoad,
  onClose,
}: {
  id: string;
  variables: readonly InputVariable[];
  onLoad: (code: string) => void;
  onClose: () => void;
}) {
  const { data, isLoading, isError } = useSubmissionQuery(id);
  return (
    <Modal title="Submission" onClose={onClose}>
      {isLoading ? (
        <Spinner />
      ) : isError || !data ? (
        <p className="muted">This submission could not be loaded.</p>
      ) : (
        <div data-testid="submission-viewer">
          <div className="row" style={{ marginBottom: '0.5rem' }}>
            <VerdictBadge verdict={data.verdict} score={data.score} maxScore={data.maxScore} />
            <span className="muted">
              {data.passedCount}/{data.totalCount} tests
              <NotJudgedNote results={data.results} /> · {data.maxTimeMs} ms · {formatWhen(data.createdAt)}
            </span>
          </div>
          <div className="editor-shell viewer-editor">
            <CodeEditor value={data.code} onChange={() => undefined} ariaLabel="Submitted code" readOnly />
          </div>
          <button
            type="button"
            className="btn btn-sm"
            style={{ margin: '0.75rem 0' }}
            onClick={() => {
              onLoad(data.code);
              onClose();
            }}
          >
            Load into editor
          </button>
          <TestResultsList results={data.results} compileError={data.compileError} variables={variables} />
        </div>
      )}
    </Modal>
  );
}

/** The user's submissions of one problem (in one contest, on the contest page), newest first; one opens read-only. */
export function SubmissionsPanel({
  problemId,
  contestId,
  variables,
  onLoad,
}: {
  problemId: string;
  contestId?: string;
  variables: readonly InputVariable[];
  onLoad: (code: string) => void;
}) {
  const { data, isLoading, isError } = useSubmissionsQuery({
    problemId,
    ...(contestId ? { contestId } : {}),
    limit: PROBLEM_SUBMISSIONS_SHOWN,
  });
  const [open, setOpen] = useState<string | null>(null);
  if (isLoading) return <Spinner />;
  if (isError) return <p className="muted">Submissions could not be loaded.</p>;
  const items: SubmissionSummary[] = data?.items ?? [];
  if (!items.length) return <p className="muted">{PracticeMessages.noSubmissions}</p>;
  return (
    <>
      <ul className="submission-list" aria-label="Your submissions">
        {items.map((s) => (
          <li key={s._id}>
            <button
              type="button"
              className="submission-row"
              onClick={() => setOpen(s._id)}
              data-testid="submission-row"
            >
              <VerdictBadge verdict={s.verdict} score={s.score} maxScore={s.maxScore} />
              <ContestModeBadge mode={s.contestMode} />
              <span>
                {s.passedCount}/{s.totalCount}
              </span>
              <span className="muted">{s.maxTimeMs} ms</span>
              <span className="muted submission-when">{formatWhen(s.createdAt)}</span>
            </button>
          </li>
        ))}
      </ul>
      {open && (
        <SubmissionViewer id={open} variables={variables} onLoad={onLoad} onClose={() => setOpen(null)} />
      )}
    </>
  );
}
