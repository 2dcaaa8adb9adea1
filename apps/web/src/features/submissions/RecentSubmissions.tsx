import { PracticeMessages } from '@javelin/contracts';
import { Link } from 'react-router-dom';
import { useSubmissionsQuery } from './submissionsApi';
import { ContestModeBadge, formatWhen, VerdictBadge } from './SubmissionsPanel';

/** The owner's latest submissions across problems, on their profile. */
export const RECENT_SUBMISSIONS_SHOWN = 5;

export function RecentSubmissions() {
  const { data, isError } = useSubmissionsQuery({ limit: RECENT_SUBMISSIONS_SHOWN });
  const items = data?.items ?? [];
  return (
    <section className="card" aria-labelledby="recent-submissions-heading" style={{ marginTop: '1.25rem' }}>
      <h2 id="recent-submissions-heading">Recent Submissions</h2>
      {isError ? (
        <p className="muted">Submissions could not be loaded.</p>
      ) : items.length === 0 ? (
        <p className="muted">{PracticeMessages.noSubmissions}</p>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((s) => (
            <li key={s._id} className="lb-row activity-row" data-testid="recent-submission">
              <div className="lb-name">
                <div className="full">
                  <Link
                    to={
                      s.contestId
                        ? `/contests/${s.contestId}/problems/${s.problemId}`
                        : s.viaContestId
                          ? `/contests/${s.viaContestId}/practice/${s.problemId}`
                          : `/problems/${s.problemId}`
                    }
                  >
                    {s.problemTitle}
                  </Link>{' '}
                  <ContestModeBadge mode={s.contestMode} />
                </div>
                <div className="muted" style={{ fontSize: '0.8rem' }}>
                  {formatWhen(s.createdAt)}
                </div>
              </div>
              <span className="muted">
                {s.passedCount}/{s.totalCount}
              </span>
              <VerdictBadge verdict={s.verdict} score={s.score} maxScore={s.maxScore} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
