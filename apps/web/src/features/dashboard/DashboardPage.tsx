import { NumbersMessages } from '@javelin/contracts';
import { Link } from 'react-router-dom';
import { AcceptanceLine } from '../../components/AcceptanceLine';
import { useAuth } from '../auth/useAuth';
import { rankLabel, useProblemLeaderboardQuery } from '../leaderboard/leaderboardApi';
import { useProfileQuery } from '../profile/profileApi';
import { useDocumentTitle } from '../../components/useDocumentTitle';

const SHORTCUTS = [
  {
    to: '/problems',
    title: 'Practice Problems',
    text: 'Sharpen your skills on problems of every difficulty.',
    action: 'Browse Problems',
  },
  {
    to: '/contests',
    title: 'Contests',
    text: 'Compete against others in timed contests.',
    action: 'View Contests',
  },
  {
    to: '/leaderboard',
    title: 'Leaderboard',
    text: 'See where you stand among all coders.',
    action: 'View Leaderboard',
  },
];

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useAuth();
  const { data: profile } = useProfileQuery('me');
  const { data: leaderboard } = useProblemLeaderboardQuery();
  const cards = [
    {
      label: 'Problems Solved',
      value: profile?.problemsSolved ?? 0,
      hint: NumbersMessages.problemsSolvedHint,
    },
    { label: 'Contests', value: profile?.contestsParticipated ?? 0 },
    { label: 'Total Score', value: profile?.totalScore ?? 0, hint: NumbersMessages.totalScoreHint },
    { label: 'Rank', value: rankLabel(leaderboard, user?.id) },
  ];
  return (
    <>
      <div className="page-header">
        <div>
          <h1>Welcome back, {user?.fullName || user?.email}!</h1>
          <p className="muted">Here is how your practice is going.</p>
        </div>
      </div>
      <section aria-label="Your statistics" className="grid-4">
        {cards.map((c) => (
          <div key={c.label} className="card stat-card" title={c.hint}>
            <div className="stat-label">{c.label}</div>
            <div className="stat-value" data-testid={`dashboard-${c.label}`}>
              {c.value}
            </div>
          </div>
        ))}
      </section>
      <AcceptanceLine rate={profile?.acceptanceRate} testId="dashboard-acceptance" />
      <section aria-label="Shortcuts" className="grid-3" style={{ marginTop: '1.5rem' }}>
        {SHORTCUTS.map((s) => (
          <div key={s.to} className="card">
            <h2>{s.title}</h2>
            <p className="muted">{s.text}</p>
            <Link to={s.to} className="btn btn-outline">
              {s.action}
            </Link>
          </div>
        ))}
      </section>
    </>
  );
}

export default DashboardPage;
