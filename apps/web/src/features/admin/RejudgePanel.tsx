import type { Contest, Problem } from '@javelin/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useToast } from '../toast/useToast';
import { errorMessage } from '../../lib/api';
import { contestId as idOf } from '../contests/contestRules';
import { useRejudgeProgressQuery, useStartRejudgeMutation } from './adminApi';

/** How often the admin's view of a running rejudge is refreshed. */
const PROGRESS_POLL_MS = 1_000;
const PRACTICE = '';

/**
 * Rejudge every submit of one problem, in one contest or in practice, after its tests were fixed; the
 * progress (judged / total, verdicts changed) follows until the job finishes.
 */
export function RejudgePanel({
  problems,
  contests,
}: {
  problems: readonly Problem[];
  contests: readonly Contest[];
}) {
  const toast = useToast();
  const [problemId, setProblemId] = useState('');
  const [scope, setScope] = useState(PRACTICE);
  const [jobId, setJobId] = useState<string | null>(null);
  const [start, starting] = useStartRejudgeMutation();
  const [polling, setPolling] = useState(false);
  const { data: shown } = useRejudgeProgressQuery(jobId ?? '', {
    skip: !jobId,
    pollingInterval: polling ? PROGRESS_POLL_MS : 0,
  });
  const running = !!jobId && !shown?.finished;
  useEffect(() => {
    if (shown?.finished) setPolling(false);
  }, [shown?.finished]);
  const contestsWithProblem = contests.filter((c) =>
    c.contestProblems?.some((cp) => cp.problemId?._id === problemId),
  );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!problemId) return;
    try {
      const { jobId: id } = await start({ problemId, ...(scope ? { contestId: scope } : {}) }).unwrap();
      setJobId(id);
      setPolling(true);
    } catch (err) {
      toast.show({
        title: 'Failed to start the rejudge',
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  return (
    <section className="card" aria-labelledby="rejudge-heading" style={{ marginBottom: '1rem' }}>
      <h2 id="rejudge-heading">Rejudge</h2>
      <p className="muted" style={{ fontSize: '0.85rem' }}>
        After fixing a problem's tests, judge every submission of it again (behind live submissions).
        Verdicts, solves, points, standings and ratings follow.
      </p>
      <form className="row" style={{ flexWrap: 'wrap', alignItems: 'flex-end' }} onSubmit={submit}>
        <div className="field" style={{ margin: 0, minWidth: '12rem' }}>
          <label htmlFor="rejudge-problem">Problem</label>
          <select
            id="rejudge-problem"
            value={problemId}
            onChange={(e) => {
              setProblemId(e.target.value);
              setScope(PRACTICE);
            }}
          >
            <option value="">Choose a problem</option>
            {problems.map((p) => (
              <option key={p._id} value={p._id}>
                {p.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field" style={{ margin: 0, minWidth: '12rem' }}>
          <label htmlFor="rejudge-scope">Submissions</label>
          <select id="rejudge-scope" value={scope} onChange={(e) => setScope(e.target.value)}>
            <option value={PRACTICE}>Practice</option>
            {contestsWithProblem.map((c) => (
              <option key={idOf(c)} value={idOf(c)}>
                Contest: {c.title}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn" disabled={!problemId || starting.isLoading || running}>
          Rejudge
        </button>
      </form>
      {shown && (
        <div style={{ marginTop: '0.75rem' }} data-testid="rejudge-progress" role="status">
          <progress
            max={Math.max(shown.total, 1)}
            value={shown.total ? shown.done : 1}
            style={{ width: '100%' }}
          />
          <div className="muted" style={{ fontSize: '0.85rem' }}>
            {shown.finished ? 'Finished: ' : 'Rejudging: '}
            {shown.done} / {shown.total} judged, {shown.changed} changed
          </div>
        </div>
      )}
    </section>
  );
}
