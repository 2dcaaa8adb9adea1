import {
  ContestTalkMessages,
  PLAGIARISM_DEFAULT_THRESHOLD,
  type CodeRegion,
  type PlagiarismPair,
  type PlagiarismStatus,
} from '@javelin/contracts';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Badge, type BadgeVariant } from '../../components/Badge';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import { useNow } from '../clock/useNow';
import { effectiveStatus, formatDateTime } from '../contests/contestRules';
import { useContestQuery } from '../contests/contestsApi';
import { accountText } from '../contests/teamText';
import { useToast } from '../toast/useToast';
import { markFragments } from './problem-form/codeFragments';
import {
  usePlagiarismPairQuery,
  usePlagiarismReportQuery,
  useStartPlagiarismMutation,
} from './plagiarismApi';

const POLL_MS = 1_000;
/** Fragment colours cycle through this many classes (frag-0 … frag-5 in styles.css). */
const FRAGMENT_COLOURS = 6;

const STATUS: Record<PlagiarismStatus, { label: string; variant: BadgeVariant }> = {
  idle: { label: 'Not run yet', variant: 'outline' },
  queued: { label: 'Queued', variant: 'secondary' },
  running: { label: 'Running', variant: 'warning' },
  done: { label: 'Done', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

const percent = (similarity: number) => `${Math.round(similarity * 100)}%`;

/** The similarity threshold and Run Check (Run Again once a report exists). */
function ThresholdForm({
  threshold,
  onThreshold,
  onRun,
  disabled,
  again,
}: {
  threshold: string;
  onThreshold: (value: string) => void;
  onRun: (event: FormEvent) => Promise<void>;
  disabled: boolean;
  again: boolean;
}) {
  return (
    <form className="row" onSubmit={(e) => void onRun(e)} style={{ alignItems: 'flex-end' }}>
      <div className="field" style={{ marginBottom: 0, width: '9rem' }}>
        <label htmlFor="plagiarism-threshold">Threshold</label>
        <input
          id="plagiarism-threshold"
          type="number"
          min={0.1}
          max={1}
          step={0.05}
          value={threshold}
          onChange={(e) => onThreshold(e.target.value)}
        />
      </div>
      <button type="submit" className="btn" disabled={disabled}>
        {again ? 'Run Again' : 'Run Check'}
      </button>
    </form>
  );
}

/** Admins: pairs of accepted solutions of an ended contest that are suspiciously alike, and why. */
export function AdminPlagiarismPage() {
  const { contestId = '' } = useParams();
  const toast = useToast();
  const now = useNow();
  // Fresh: a page opened earlier may hold the contest from before it ended.
  const contest = useContestQuery(contestId, { refetchOnMountOrArgChange: true });
  useDocumentTitle(`Plagiarism · ${contest.data?.title ?? 'Contest'}`);
  const [polling, setPolling] = useState(false);
  const report = usePlagiarismReportQuery(contestId, { pollingInterval: polling ? POLL_MS : 0 });
  const [start, { isLoading: starting }] = useStartPlagiarismMutation();
  const [threshold, setThreshold] = useState(String(PLAGIARISM_DEFAULT_THRESHOLD));
  const [selected, setSelected] = useState<string | null>(null);

  const status = report.data?.status ?? 'idle';
  const running = status === 'queued' || status === 'running';
  useEffect(() => setPolling(running), [running]);
  useEffect(() => {
    if (report.error) toast.message(ContestTalkMessages.plagiarismLoadFailed);
  }, [report.error, toast]);

  const ended = contest.data ? effectiveStatus(contest.data, now()) === 'ended' : false;
  const pairs = report.data?.pairs ?? [];

  const run = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await start({ contestId, threshold: Number(threshold) }).unwrap();
      setSelected(null);
      setPolling(true);
      toast.show({ title: ContestTalkMessages.plagiarismStarted, variant: 'success' });
    } catch (err) {
      toast.show({
        title: ContestTalkMessages.plagiarismStartFailed,
        description: errorMessage(err),
        variant: 'destructive',
      });
    }
  };

  if (contest.isLoading || report.isLoading) return <Spinner label="Loading the plagiarism report..." />;

  const progress = report.data?.progress ?? { done: 0, total: 0 };
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Plagiarism Report</h1>
          <p className="muted">{contest.data?.title}</p>
        </div>
        <Link to="/admin/contests" className="btn btn-outline btn-sm">
          Back to Contest Management
        </Link>
      </div>
      <section className="card" aria-labelledby="plagiarism-run-heading" style={{ marginBottom: '1rem' }}>
        <div className="card-header">
          <h2 id="plagiarism-run-heading" style={{ margin: 0 }}>
            Check
          </h2>
          <Badge variant={STATUS[status].variant}>{STATUS[status].label}</Badge>
        </div>
        <p className="muted" style={{ marginTop: 0 }}>
          Compares every pair of participants&apos; accepted solutions of each problem with Dolos, ignoring
          the problem&apos;s boilerplate.
        </p>
        {running && (
          <div className="field">
            <label htmlFor="plagiarism-progress">
              Problems analysed: {progress.done} / {progress.total}
            </label>
            <progress id="plagiarism-progress" max={Math.max(progress.total, 1)} value={progress.done} />
          </div>
        )}
        {status === 'failed' && report.data?.error && (
          <div className="alert alert-error" role="alert">
            {report.data.error}
          </div>
        )}
        {report.data?.finishedAt && status === 'done' && (
          <p className="muted" style={{ fontSize: '0.85rem' }}>
            Finished {formatDateTime(report.data.finishedAt)} · threshold {percent(report.data.threshold)}
          </p>
        )}
        <ThresholdForm
          threshold={threshold}
          onThreshold={setThreshold}
          onRun={run}
          disabled={!ended || running || starting}
          again={status !== 'idle'}
        />
        {!ended && <p className="hint">The check can run once the contest has ended.</p>}
      </section>
      {status === 'done' && (
        <section className="card" aria-labelledby="plagiarism-pairs-heading" style={{ marginBottom: '1rem' }}>
          <h2 id="plagiarism-pairs-heading">Similar pairs</h2>
          {pairs.length === 0 ? (
            <p className="muted">No pair of solutions is above the threshold.</p>
          ) : (
            <PairsTable pairs={pairs} selected={selected} onSelect={setSelected} />
          )}
        </section>
      )}
      {selected && <PairView contestId={contestId} pairId={selected} />}
    </>
  );
}

function PairsTable({
  pairs,
  selected,
  onSelect,
}: {
  pairs: PlagiarismPair[];
  selected: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">Problem</th>
            <th scope="col">Participants</th>
            <th scope="col">Similarity</th>
            <th scope="col" aria-label="Compare" />
          </tr>
        </thead>
        <tbody>
          {pairs.map((p) => (
            <tr key={p.id} aria-selected={p.id === selected} data-testid="plagiarism-pair">
              <td>{p.problemTitle}</td>
              <td>
                {accountText(p.usernameA, p.teamA)} · {accountText(p.usernameB, p.teamB)}
              </td>
              <td>
                <Badge variant={p.similarity >= 0.9 ? 'destructive' : 'warning'}>
                  {percent(p.similarity)}
                </Badge>
              </td>
              <td>
                <button type="button" className="btn btn-sm btn-outline" onClick={() => onSelect(p.id)}>
                  Compare
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PairView({ contestId, pairId }: { contestId: string; pairId: string }) {
  const { data: pair, isFetching, error } = usePlagiarismPairQuery({ contestId, pairId });
  if (isFetching) return <Spinner label="Loading the two solutions..." />;
  if (error || !pair) return <div className="alert alert-error">{errorMessage(error)}</div>;
  return (
    <section className="card" aria-labelledby="plagiarism-pair-heading">
      <h2 id="plagiarism-pair-heading">
        {pair.problemTitle}: {accountText(pair.usernameA, pair.teamA)} and{' '}
        {accountText(pair.usernameB, pair.teamB)} · {percent(pair.similarity)} similar
      </h2>
      <p className="muted" style={{ marginTop: 0 }}>
        {pair.fragments.length} matching fragment{pair.fragments.length === 1 ? '' : 's'}; each has one colour
        on both sides.
      </p>
      <div className="code-compare">
        <CodePane
          title={accountText(pair.usernameA, pair.teamA)}
          code={pair.codeA}
          regions={pair.fragments.map((f) => f.a)}
          label="Solution A"
        />
        <CodePane
          title={accountText(pair.usernameB, pair.teamB)}
          code={pair.codeB}
          regions={pair.fragments.map((f) => f.b)}
          label="Solution B"
        />
      </div>
    </section>
  );
}

function CodePane({
  title,
  code,
  regions,
  label,
}: {
  title: string;
  code: string;
  regions: CodeRegion[];
  label: string;
}) {
  const lines = useMemo(() => markFragments(code, regions), [code, regions]);
  return (
    <figure className="code-pane" aria-label={label}>
      <figcaption className="code-pane-title">{title}</figcaption>
      <pre>
        <code>
          {lines.map((segments, row) => (
            <span key={row} className="code-line">
              <span className="code-line-no" aria-hidden="true">
                {row + 1}
              </span>
              {segments.map((s, i) =>
                s.fragment === null ? (
                  <span key={i}>{s.text}</span>
                ) : (
                  <mark key={i} className={`frag frag-${s.fragment % FRAGMENT_COLOURS}`}>
                    {s.text}
                  </mark>
                ),
              )}
              {'\n'}
            </span>
          ))}
        </code>
      </pre>
    </figure>
  );
}

export default AdminPlagiarismPage;
