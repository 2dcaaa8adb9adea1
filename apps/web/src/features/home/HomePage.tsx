import { Link } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { useStatsQuery, ZERO_STATS } from './statsApi';
import { useDocumentTitle } from '../../components/useDocumentTitle';

/** Small inline icons (stroke paths on a 24-unit grid): no emoji font or icon download needed. */
const ICONS = {
  analysis: 'M9 3h6M12 3v3M5 9a7 7 0 1 0 14 0M8 14l2 2 4-4',
  execution: 'M13 2 4 14h7l-1 8 9-12h-7l1-8z',
  contests: 'M8 21h8M12 17v4M7 4h10v5a5 5 0 0 1-10 0V4zM7 6H4v2a3 3 0 0 0 3 3M17 6h3v2a3 3 0 0 1-3 3',
  community:
    'M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8M22 21v-2a4 4 0 0 0-3-3.9M16 3.1a4 4 0 0 1 0 7.8',
};

function FeatureIcon({ path }: { path: string }) {
  return (
    <svg
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  );
}

const FEATURES = [
  {
    icon: ICONS.analysis,
    title: 'AI Code Analysis',
    text: 'Get instant feedback on your solutions: complexity, style and the bugs you missed.',
  },
  {
    icon: ICONS.execution,
    title: 'Real-time Execution',
    text: 'Compile and run your Java code against test cases in a secure sandbox, in seconds.',
  },
  {
    icon: ICONS.contests,
    title: 'Contests & Leaderboards',
    text: 'Join timed contests, climb the live leaderboard and earn a rating.',
  },
  {
    icon: ICONS.community,
    title: 'Community Driven',
    text: 'Problems written by the community, from warm-ups to hard algorithmic puzzles.',
  },
];

/** The dashboard for a signed-in user, else sign-up; and Browse Problems, for visitors or for all. */
function CallsToAction({
  signedIn,
  signUp,
  browseWhenSignedIn = false,
}: {
  signedIn: boolean;
  signUp: string;
  browseWhenSignedIn?: boolean;
}) {
  return (
    <div className="row" style={{ justifyContent: 'center' }}>
      {signedIn ? (
        <Link to="/dashboard" className="btn btn-lg">
          Go to Dashboard
        </Link>
      ) : (
        <Link to="/signup" className="btn btn-lg">
          {signUp}
        </Link>
      )}
      {(browseWhenSignedIn || !signedIn) && (
        <Link to="/problems" className="btn btn-outline btn-lg">
          Browse Problems
        </Link>
      )}
    </div>
  );
}

export function HomePage() {
  useDocumentTitle('Home');
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const { data, isError } = useStatsQuery();
  // Spec §7: the stats row shows zeros when the call fails.
  const stats = !data || isError ? ZERO_STATS : data;

  return (
    <>
      <section className="hero">
        <h1>Sharpen your Java, one problem at a time</h1>
        <p>
          Javelin is a competitive-programming platform for Java: solve problems, join timed contests and
          learn from AI feedback on every solution.
        </p>
        <CallsToAction signedIn={signedIn} signUp="Get Started" browseWhenSignedIn />
      </section>

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="sr-only">
          Features
        </h2>
        <div className="grid-4">
          {FEATURES.map((f) => (
            <article key={f.title} className="card">
              <div className="feature-icon">
                <FeatureIcon path={f.icon} />
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
        <CallsToAction signedIn={signedIn} signUp="Sign Up Now" />
      </section>
    </>
  );
}

export default HomePage;
