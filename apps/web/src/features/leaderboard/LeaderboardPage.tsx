import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { NumbersMessages } from '@javelin/contracts';
import { percent } from '../../components/AcceptanceLine';
import { Badge } from '../../components/Badge';
import { pluralize } from '../../components/pluralize';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { RankIcon, rankBadgeLabel } from '../../components/RankIcon';
import { Spinner } from '../../components/Spinner';
import { Tabs, tabPanelProps } from '../../components/Tabs';
import { useContestRatingLeaderboardQuery, useProblemLeaderboardQuery } from './leaderboardApi';

type Board = 'problems' | 'contests';

export interface BoardRow {
  userId: string;
  fullName: string;
  username: string;
  score: number;
  contests?: number;
  /** The problem-solving board's: distinct problems solved and acceptance, as on the profile. */
  solved?: number;
  acceptanceRate?: number | null;
}

export function summarize(rows: readonly BoardRow[]) {
  const total = rows.length;
  const top = rows.reduce((m, r) => Math.max(m, r.score), 0);
  const average = total ? Math.round(rows.reduce((s, r) => s + r.score, 0) / total) : 0;
  return { total, top, average };
}

function BoardList({ rows, board, empty }: { rows: BoardRow[]; board: Board; empty: string }) {
  const { total, top, average } = summarize(rows);
  return (
    <>
      <div className="grid-3" style={{ marginBottom: '1rem' }}>
        {[
          { label: 'Total Participants', value: total },
          { label: 'Top Score', value: top },
          { label: 'Average Score', value: average },
        ].map((c) => (
          <div key={c.label} className="card stat-card">
            <div className="stat-label">{c.label}</div>
            <div className="stat-value" data-testid={`summary-${c.label}`}>
              {c.value}
            </div>
          </div>
        ))}
      </div>
      <div className="card">
        {rows.length === 0 ? (
          <p className="empty">{empty}</p>
        ) : (
          <ol aria-label="Rankings" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((r, i) => {
              const rank = i + 1;
              const badge = rankBadgeLabel(rank);
              return (
                <li key={r.userId} className="lb-row" data-testid="leaderboard-row">
                  <div className="lb-rank">
                    <RankIcon rank={rank} />
                  </div>
                  <div className="lb-name">
                    <div className="full">
                      <Link to={`/profile/${r.userId}`}>{r.fullName || r.username}</Link>
                    </div>
                    {/* The rank badge sits under the name so that narrow screens never draw one over the other. */}
                    <div className="lb-meta">
                      <span className="muted">@{r.username}</span>
                      {badge && <Badge variant={rank <= 3 ? 'warning' : 'outline'}>{badge}</Badge>}
                    </div>
                    {board === 'problems' && r.solved !== undefined && (
                      <div className="muted" style={{ fontSize: '0.8rem' }} data-testid="leaderboard-numbers">
                        <span title={NumbersMessages.problemsSolvedHint}>{r.solved} solved</span>
                        {' · '}
                        <span title={NumbersMessages.acceptanceHint}>
                          {percent(r.acceptanceRate) ?? '—'} {NumbersMessages.acceptanceRate.toLowerCase()}
                        </span>
                      </div>
                    )}
                  </div>
                  <div className="lb-score">
                    {board === 'problems' ? (
                      <>{r.score} points</>
                    ) : (
                      <>
                        <div>{r.score} rating</div>
                        <div className="muted" style={{ fontSize: '0.8rem', fontWeight: 400 }}>
                          {pluralize(r.contests ?? 0, 'contest')}
                        </div>
                      </>
                    )}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </>
  );
}

export function LeaderboardPage() {
  useDocumentTitle('Leaderboard');
  const [board, setBoard] = useState<Board>('problems');
  const problems = useProblemLeaderboardQuery();
  const contests = useContestRatingLeaderboardQuery();

  // Spec §7: leaderboard load errors are only logged.
  useEffect(() => {
    if (problems.error) console.error('Failed to load problem leaderboard', problems.error);
    if (contests.error) console.error('Failed to load contest leaderboard', contests.error);
  }, [problems.error, contests.error]);

  const problemRows: BoardRow[] = (problems.data ?? []).map((e) => ({
    userId: e.userId,
    fullName: e.fullName,
    username: e.username,
    score: e.totalScore,
    solved: e.problemsSolved,
    acceptanceRate: e.acceptanceRate,
  }));
  const contestRows: BoardRow[] = (contests.data ?? []).map((e) => ({
    userId: e.userId,
    fullName: e.fullName,
    username: e.username,
    score: e.contestRating,
    contests: e.contestsParticipated,
  }));
  const loading = board === 'problems' ? problems.isLoading : contests.isLoading;

  return (
    <>
      <div className="page-header">
        <div>
          <h1>Leaderboard</h1>
          <p className="muted">The best problem solvers and contest competitors.</p>
        </div>
      </div>
      <Tabs
        label="Leaderboards"
        idPrefix="leaderboard"
        value={board}
        onChange={setBoard}
        items={[
          { value: 'problems', label: 'Problem Solving' },
          { value: 'contests', label: 'Contests' },
        ]}
      />
      <div {...tabPanelProps('leaderboard', board)}>
        {loading ? (
          <Spinner />
        ) : board === 'problems' ? (
          <BoardList rows={problemRows} board="problems" empty="No problem solving data available yet" />
        ) : (
          <BoardList rows={contestRows} board="contests" empty="No contest data available yet" />
        )}
      </div>
    </>
  );
}

export default LeaderboardPage;
