import { PASSWORD_MIN_LENGTH, USERNAME_MAX_LENGTH, USERNAME_MIN_LENGTH } from './messages';

/**
 * Sentences of issue 30's screens (contests that say what they mean, numbers that agree, accounts,
 * admin): new wording the spec does not fix, kept here beside the spec's own.
 */
export const ContestScreenMessages = {
  /** The board's badge while a running contest's standings are frozen. */
  frozen: 'Frozen',
  /** The badge after the end of a frozen contest, until an admin unfreezes it. */
  frozenPendingRelease: 'Frozen — results pending release',
  frozenHint: "Others' results after the freeze show as '?' until an admin unfreezes the standings",
  signInToJoin: 'Sign in to join',
  /** An ICPC contest's problem row: what a solve counts for there (no points). */
  icpcRow: 'counts as 1 solved',
  /** An ICPC contest problem's statement, in place of its points. */
  icpcWorth: 'Counts as 1 solved: ICPC ranks by problems solved, then penalty minutes',
  icpcSolvedTitle: 'Accepted',
  icpcSolved: (letter: string) =>
    `Problem ${letter} solved. ICPC ranks by problems solved, then penalty minutes.`,
  unfreezeConfirm:
    'Unfreeze the standings? Everyone will see the final results, and the contest is rated from them. This cannot be undone.',
  /** The board's filter by the participants' school or club (issue 32). */
  organizationFilter: 'Organization',
  allOrganizations: 'All organizations',
  unfreezeConfirmTitle: 'Unfreeze standings',
  unfreezeAction: 'Unfreeze',
  cancel: 'Cancel',
  /** A running contest seen by a non-participant: why 'Contest Started' is disabled (issue 45). */
  startedWithoutYou:
    'This contest is under way. Joining closed at its start; its problems open for practice, and as a virtual run, once it ends.',
} as const;

export const AccountMessages = {
  resendVerification: 'Resend verification email',
  verificationResentTo: (email: string) => `A new verification link was sent to ${email}.`,
  verificationSentTo: (email: string) => `We sent a verification link to ${email}.`,
  backToSignIn: 'Back to sign in',
  fieldRequired: (label: string) => `${label} is required`,
  emailInvalid: 'Enter an email address like name@example.com',
  usernameRule: `${USERNAME_MIN_LENGTH}–${USERNAME_MAX_LENGTH} characters: letters, digits, dot, dash or underscore`,
  passwordRule: `At least ${PASSWORD_MIN_LENGTH} characters`,
  confirmRule: 'The same password again',
  fixFields: (n: number) => `Please fix ${n === 1 ? 'the highlighted field' : `the ${n} highlighted fields`}`,
} as const;

export const AdminScreenMessages = {
  durationLabel: 'Duration (minutes)',
  durationHint: 'The end is the start plus the duration.',
  problemSearch: 'Search problems',
  problemSearchEmpty: 'No problems match the search',
  selectedCount: (n: number) => `${n} selected`,
  openContest: 'Open contest',
} as const;

/** The numbers every screen shows of a user and a problem, one definition each (issue 30). */
export const NumbersMessages = {
  acceptanceRate: 'Acceptance',
  acceptanceHint: 'Accepted submissions out of all judged submissions',
  problemsSolvedHint: 'Distinct problems solved, in practice or in contests',
  totalScoreHint: 'Points of the distinct problems solved in practice',
  /** Under Total Score (issue 45): its two parts, so the number adds up from what the page shows. */
  totalScoreParts: (solved: number, partial: number) => `${solved} from solved problems + ${partial} partial`,
  /** An activity line of a contest solve: its points count in that contest, not in Total Score. */
  inContest: (title: string) => `in ${title}`,
  contestPointsHint: "Contest points count in the contest's standings, not in Total Score",
} as const;
