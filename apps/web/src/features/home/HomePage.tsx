import { Link } from 'react-router-dom';
import { useAuth } from '../../app/hooks';
import { useStatsQuery, ZERO_STATS } from './statsApi';

const FEATURES = [
  { icon: '🧠', title: 'AI Code Analysis', text: 'Get instant feedback on your solutions: complexity, style and the bugs you missed.' },
  { icon: '⚡', title: 'Real-time Execution', text: 'Compile and run your Java code against test cases in a secure sandbox, in seconds.' },
  { icon: '🏆', title: 'Contests & Leaderboards', text: 'Join timed contests, climb the live leaderboard and earn a rating.' },
  { icon: '🤝', title: 'Community Driven', text: 'Problems written by the community, from warm-ups to hard algorithmic puzzles.' },
];

export function HomePage() {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const { data, isError } = useStatsQuery();
  // Spec §7: the stats row shows zeros when the call fails.
  const stats = !data || isError ? ZERO_STATS : data;

  return (
    <>
      <section className="hero">
        <h1>Sharpen your Java, one problem at a time</h1>
        <p>Javelin is a competitive-programming platform for Java: solve problems, join timed contests and learn from AI feedback on every solution.</p>
        <div className="row" style={{ justifyContent: 'center' }}>
          {signedIn ? (
            <Link to="/dashboard" className="btn btn-lg">
              Go to Dashboard
            </Link>
          ) : (
            <Link to="/signup" className="btn btn-lg">
              Get Started
            </Link>
          )}
          <Link to="/problems" className="btn btn-outline btn-lg">
            Browse Problems
          </Link>
        </div>
      </section>

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        <div className="grid-4">
          {FEATURES.map((f) => (
            <article key={f.title} className="card">
              <div className="feature-icon" aria-hidden="true">
                {f.icon}
              </div>
              <h3>{f.title}</h3>
              <p className="muted">{f.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section aria-label="Platform statistics" className="grid-3" style={{ marginTop: '2rem' }}>
        {[
          { label: 'Problems', value: stats.problems },
          { label: 'Contests', value: stats.contests },
          { label: 'Active Users', value: stats.users },
        ].map((s) => (
          <div key={s.label} className="card stat-card" style={{ textAlign: 'center' }}>
            <div className="stat-value" data-testid={`stat-${s.label}`}>
              {s.value}
            </div>
            <div className="stat-label">{s.label}</div>
          </div>
        ))}
      </section>

      <section className="cta">
        <h2>Ready to start coding?</h2>
        <p className="muted">Solve your first problem in minutes. Everything runs in your browser.</p>
        <div className="row" style={{ justifyContent: 'center' }}>
          {signedIn ? (
            <Link to="/dashboard" className="btn btn-lg">
              Go to Dashboard
            </Link>
          ) : (
            <>
              <Link to="/signup" className="btn btn-lg">
                Sign Up Now
              </Link>
              <Link to="/problems" className="btn btn-outline btn-lg">
                Browse Problems
              </Link>
            </>
          )}
        </div>
      </section>
    </>
  );
}

export default HomePage;
