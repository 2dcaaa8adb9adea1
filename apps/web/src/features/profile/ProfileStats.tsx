import { NumbersMessages, PracticeMessages, type Profile } from '@javelin/contracts';
import { AcceptanceLine } from '../../components/AcceptanceLine';

/**
 * The profile's numbers (issue 30/45): Total Score is the practice points, shown with its parts
 * (solved problems + partial scores) so it adds up; Problems Solved counts distinct problems solved in
 * practice or in a contest, the same count the problem list marks 'Solved'.
 */
export function ProfileStats({ profile }: { profile: Profile }) {
  const parts =
    profile.solvedScore !== undefined && profile.partialScore !== undefined
      ? NumbersMessages.totalScoreParts(profile.solvedScore, profile.partialScore)
      : undefined;
  const stats = [
    { label: 'Total Score', value: profile.totalScore, hint: NumbersMessages.totalScoreHint, note: parts },
    { label: 'Problems Solved', value: profile.problemsSolved, hint: NumbersMessages.problemsSolvedHint },
    // Every rating starts at 1500; until a rated contest it says nothing about the user.
    { label: 'Rating', value: profile.contestsParticipated > 0 ? profile.rating : PracticeMessages.unrated },
    { label: 'Contests', value: profile.contestsParticipated },
  ];
  return (
    <>
      <section aria-label="Profile statistics" className="grid-4">
        {stats.map((s) => (
          <div key={s.label} className="card stat-card" title={s.hint}>
            <div className="stat-label">{s.label}</div>
            <div className="stat-value" data-testid={`profile-${s.label}`}>
              {s.value}
            </div>
            {s.note && (
              <div className="muted" style={{ fontSize: '0.8rem' }} data-testid="profile-score-parts">
                {s.note}
              </div>
            )}
          </div>
        ))}
      </section>
      <AcceptanceLine rate={profile.acceptanceRate} testId="profile-acceptance" />
    </>
  );
}
