import {
  ExecutionMessages,
  ScoringSentences,
  type ExecutionResult,
  type GroupProgress,
  type GroupResult,
  type JudgingProgress,
  type TestGroup,
} from '@javelin/contracts';

/** A verdict as words ("wrong_answer" → "Wrong answer"). */
const verdictWords = (verdict: string) =>
  verdict.charAt(0).toUpperCase() + verdict.slice(1).replace(/_/g, ' ');

function groupState(group: GroupResult, results: readonly ExecutionResult[]) {
  if (group.earned) return { tone: 'earned', text: ScoringSentences.earned };
  if (group.firstFailedTest === null) return { tone: 'missed', text: ScoringSentences.dependencyNotEarned };
  const failed = results[group.firstFailedTest - 1];
  const verdict = failed && !failed.notJudged ? ` · ${verdictWords(failed.verdict)}` : '';
  return { tone: 'missed', text: `${ScoringSentences.firstFailed(group.firstFailedTest)}${verdict}` };
}

/** A group's state while its submit is judged (a progress event's group), as a row shows it. */
function liveState(group: GroupProgress) {
  if (group.state === 'earned') return { tone: 'earned', text: ScoringSentences.earned };
  if (group.state === 'failed')
    return {
      tone: 'missed',
      text:
        group.firstFailedTest === null
          ? ScoringSentences.dependencyNotEarned
          : ScoringSentences.firstFailed(group.firstFailedTest),
    };
  if (group.state === 'judging') return { tone: 'judging', text: ScoringSentences.groupJudging };
  return { tone: 'pending', text: ScoringSentences.groupPending };
}

/** The groups' states a progress event carries (a scoring problem's submit being judged), if any. */
export function liveGroupsOf(progress: JudgingProgress | null): readonly GroupProgress[] | undefined {
  return progress && progress.state !== 'failed' ? progress.groups : undefined;
}

/**
 * The subtasks of a scoring problem's submit (issue 31): each group's name, points, and whether it was
 * earned or the first test that failed, with the score as "63 / 100". While the submit is judged
 * (`judging`) the rows fill group by group as the progress events (`live`) tell each group's state;
 * before any does, each row waits. The answer's `groups` then replace them.
 */
export function SubtaskTable({
  testGroups,
  groups,
  live,
  score,
  maxScore,
  results = [],
  judging = false,
}: {
  testGroups: readonly TestGroup[];
  groups?: readonly GroupResult[];
  live?: readonly GroupProgress[];
  score?: number;
  maxScore?: number;
  results?: readonly ExecutionResult[];
  judging?: boolean;
}) {
  if (testGroups.length === 0) return null;
  const byName = new Map((groups ?? []).map((g) => [g.name, g]));
  const liveByName = new Map((live ?? []).map((g) => [g.name, g]));
  const total = maxScore ?? testGroups.reduce((s, g) => s + g.points, 0);
  // While judging, the points earned so far (the groups already earned).
  const liveScore = live?.reduce((s, g) => s + (g.state === 'earned' ? g.points : 0), 0);
  const shownScore = score ?? (judging ? liveScore : undefined);
  return (
    <section className="subtask-table" aria-labelledby="subtasks-heading" data-testid="subtask-table">
      <div className="subtask-head">
        <h3 id="subtasks-heading">{ScoringSentences.groupsHeading}</h3>
        {shownScore !== undefined && (
          <strong className="subtask-score" data-testid="subtask-score">
            {ScoringSentences.score(shownScore, total)}
          </strong>
        )}
      </div>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Subtask</th>
              <th scope="col">Points</th>
              <th scope="col">Tests</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {testGroups.map((tg, i) => {
              const g = byName.get(tg.name);
              const now = g ? undefined : liveByName.get(tg.name);
              const state = g ? groupState(g, results) : now ? liveState(now) : null;
              const counted = g ?? now;
              const earnedPoints = g ? g.earned : now?.state === 'earned';
              return (
                <tr
                  key={tg.name}
                  data-testid="subtask-row"
                  data-state={state?.tone ?? (judging ? 'judging' : 'none')}
                >
                  <td>{i + 1}</td>
                  <td>
                    {tg.name}
                    {!!tg.dependsOn?.length && (
                      <span className="muted"> (needs {tg.dependsOn.join(', ')})</span>
                    )}
                  </td>
                  <td>
                    {g || now?.state === 'earned' || now?.state === 'failed'
                      ? `${earnedPoints ? tg.points : 0} / ${tg.points}`
                      : tg.points}
                  </td>
                  <td>{counted ? `${counted.passedCount}/${counted.totalCount}` : '–'}</td>
                  <td>
                    {state && (state.tone === 'earned' || state.tone === 'missed') ? (
                      <span className={`subtask-mark subtask-${state.tone}`}>{state.text}</span>
                    ) : state ? (
                      <span className="muted">{state.text}</span>
                    ) : judging ? (
                      <span className="muted">Judging…</span>
                    ) : (
                      <span className="muted">{ExecutionMessages.notJudged}</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The problem page's list of subtasks and their points, as olympiad statements list them (issue 31). */
export function SubtaskList({ testGroups }: { testGroups?: readonly TestGroup[] }) {
  if (!testGroups?.length) return null;
  const total = testGroups.reduce((s, g) => s + g.points, 0);
  return (
    <section className="section" aria-labelledby="subtask-list-heading" data-testid="subtask-list">
      <h3 id="subtask-list-heading">
        {ScoringSentences.groupsHeading} ({ScoringSentences.pointsLabel(total)})
      </h3>
      <ol className="subtask-list">
        {testGroups.map((g) => (
          <li key={g.name}>
            <strong>{g.name}</strong> — {ScoringSentences.pointsLabel(g.points)}
            {!!g.dependsOn?.length && <span className="muted"> · needs {g.dependsOn.join(', ')}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
