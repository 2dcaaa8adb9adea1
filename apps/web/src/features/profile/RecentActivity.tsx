import { NumbersMessages, type Activity } from '@javelin/contracts';
import { Badge, DifficultyBadge } from '../../components/Badge';

/** Spec §9: recent activity shows 5 items. */
export const RECENT_ACTIVITY_LIMIT = 5;

/**
 * The latest solves. A contest solve names its contest and its points say so: they count in that
 * contest's standings, not in Total Score (issue 45), so the lines never read as practice points.
 */
export function RecentActivity({ activity }: { activity: Activity[] }) {
  return (
    <section className="card" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Recent Activity</h2>
      {activity.length === 0 ? (
        <p className="muted">No recent activity</p>
      ) : (
        <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {activity.slice(0, RECENT_ACTIVITY_LIMIT).map((a, i) => (
            <li key={`${a.problemId}-${i}`} className="lb-row activity-row" data-testid="activity-item">
              <div className="lb-name">
                <div className="full">{a.problemTitle}</div>
                <div className="muted" style={{ fontSize: '0.8rem' }}>
                  {new Date(a.solvedAt).toLocaleDateString()}
                  {a.contestTitle && ` · ${NumbersMessages.inContest(a.contestTitle)}`}
                </div>
              </div>
              <DifficultyBadge difficulty={a.difficulty} />
              {a.contestTitle ? (
                <span className="muted" title={NumbersMessages.contestPointsHint}>
                  {a.points} contest pts
                </span>
              ) : (
                <span>{a.points} pts</span>
              )}
              <Badge variant="success">Solved</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
