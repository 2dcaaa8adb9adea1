import { z } from 'zod';
import { ResponseSchemas } from './response-rules';

/**
 * Contest packages (issue 43): POST /api/contests/import reads a CLICS contest package (icpc/ccs-specs
 * 2023-06, Contest Package Format) and team accounts sign in with their username. The sentences a
 * bad package is refused with name the file and the field; they live here beside the spec's catalogue.
 */
export const ContestPackageMessages = {
  noContestFile: 'The contest package has no contest.yaml or contest.json',
  notParsed: (file: string, why: string) => `${file} cannot be read: ${why}`,
  badField: (file: string, field: string, why: string) => `${file}: ${field} ${why}`,
  contestIdTaken: (id: string) => `A contest with id '${id}' has already been imported`,
  usernameTaken: (file: string, username: string) =>
    `${file}: username '${username}' is already taken by another account`,
  problemPackage: (id: string, why: string) => `problems/${id}: ${why}`,
  noProblemPackage: (id: string) =>
    `problems/${id}: no problem package (problems/${id}/${id}.zip or the folder problems/${id}/)`,
  packageAccountKeepsNames:
    "An account of a contest package keeps its username, and a team account its team's name",
  // Warnings: what the import read but left out or assumed.
  otherLanguages: (ids: string[]) => `languages.json: only Java is judged here; ${ids.join(', ')} left out`,
  accountTypeSkipped: (username: string, type: string) =>
    `accounts: '${username}' of type ${type} was not imported (team, judge and admin accounts are)`,
  accountWithoutPassword: (username: string) =>
    `accounts: '${username}' has no password; it cannot sign in until an admin sends it a reset`,
  submissionsWithoutAccount: (count: number) =>
    `submissions.json: ${count} submission${count === 1 ? '' : 's'} of teams without an account left out`,
  problemReused: (id: string, title: string) =>
    `problems/${id}: the same package is already in Javelin as '${title}'; that problem is reused, not imported again`,
  problemPublishedNotReused: (id: string, title: string) =>
    `problems/${id}: the same package is already in Javelin as '${title}', but published; a hidden copy is imported instead, so that the contest's problem stays hidden until the contest starts`,
  teamWithoutAccount: (count: number) =>
    `${count} team${count === 1 ? ' has' : 's have'} no account in accounts.yaml: they are listed but cannot sign in`,
} as const;

/** The web's sentences around contest packages and team accounts. */
export const ContestPackageUiMessages = {
  signInIdentifier: 'Email or username',
  signInMissing: 'Please enter your email or username and your password',
  importTitle: 'Import contest package',
  importHint:
    'A CLICS contest package (contest.yaml, problems.yaml with each problem package, organizations.json, groups.json, teams.json, accounts.yaml) as a .zip file.',
  imported: 'Contest imported',
  importedAccounts: 'Imported accounts',
  accounts: 'Accounts',
  noImportedAccounts: 'No accounts came with this contest: it was not imported from a contest package.',
  groupFilter: 'Group',
  allGroups: 'All groups',
  allOrganizations: 'All organizations',
  label: 'Label',
  organization: 'Organization',
} as const;

/** 201 of POST /api/contests/import. */
export const importContestPackageResponseSchema = z
  .object({
    _id: z.string(),
    clicsId: z.string(),
    warnings: z.array(z.string()),
  })
  .register(ResponseSchemas, { id: 'ImportContestPackageResponse' });
export type ImportContestPackageResponse = z.infer<typeof importContestPackageResponseSchema>;

/** GET /api/contests/:id/accounts (admins): the package's accounts, never a password. */
export const importedAccountSchema = z
  .object({
    userId: z.string(),
    username: z.string(),
    type: z.enum(['team', 'judge', 'admin']),
    teamId: z.string().nullable(),
    teamName: z.string().nullable(),
    label: z.string().nullable(),
  })
  .register(ResponseSchemas, { id: 'ImportedAccount' });
export type ImportedAccount = z.infer<typeof importedAccountSchema>;
