import { ContestScreenMessages, VirtualMessages, type Contest, type ContestStatus } from '@javelin/contracts';
import { Link } from 'react-router-dom';
import { Badge, DifficultyBadge } from '../../components/Badge';
import { pointsOf } from '../problems/solving';
import { problemLetter } from './contestRules';

type ContestProblem = Contest['contestProblems'][number];

/**
 * The contest's problems, lettered A, B, … as contests print them. Each row is one line on a wide
 * screen: the title on the left, points, difficulty and links on the right; on a phone the right side
 * wraps under the title, and where it is still too wide the links go together to a line of their own
 * (never one link alone, never past the screen's edge). Links are named for the problem they open.
 */
export function ContestProblemList(props: {
  contestId: string;
  problems: ContestProblem[];
  solved: Set<string>;
  icpc: boolean;
  canSolve: boolean;
  status: ContestStatus;
  virtualRunning: boolean;
}) {
  const { contestId, problems, solved, icpc, canSolve, status, virtualRunning } = props;
  return (
    <section className="card" aria-labelledby="contest-problems-heading">
      <h2 id="contest-problems-heading">Problems</h2>
      {problems.length === 0 ? (
        <p className="muted">No problems in this contest.</p>
      ) : (
        <ol className="contest-problems" style={{ listStyle: 'none', paddingLeft: 0, margin: 0 }}>
          {problems.map((cp, index) => {
            const p = cp.problemId;
            const solvable = canSolve && status !== 'upcoming';
            const practice = status === 'ended';
            return (
              <li key={p._id} className="lb-row contest-problem-row" data-testid="contest-problem">
                <span className="contest-problem-title">
                  <strong>
                    {problemLetter(index)}. {p.title}
                  </strong>{' '}
                  {solved.has(p._id) && <Badge variant="success">Solved</Badge>}
                </span>
                <span className="contest-problem-meta">
                  <span className="contest-problem-facts">
                    <span className="muted">
                      {icpc ? ContestScreenMessages.icpcRow : `${cp.points || pointsOf(p)} points`}
                    </span>
                    <DifficultyBadge difficulty={p.difficulty} />
                  </span>
                  {(solvable || practice) && (
                    <span className="contest-problem-links">
                      {solvable && (
                        <Link
                          to={`/contests/${contestId}/problems/${p._id}`}
                          className="btn btn-sm"
                          aria-label={`Solve ${p.title}`}
                        >
                          Solve Problem
                        </Link>
                      )}
                      {practice && (
                        <Link
                          to={`/contests/${contestId}/practice/${p._id}`}
                          className={`btn btn-sm${virtualRunning ? '' : ' btn-outline'}`}
                          aria-label={`${virtualRunning ? VirtualMessages.virtualSolveLink : VirtualMessages.practiceLink}: ${p.title}`}
                        >
                          {virtualRunning ? VirtualMessages.virtualSolveLink : VirtualMessages.practiceLink}
                        </Link>
                      )}
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
