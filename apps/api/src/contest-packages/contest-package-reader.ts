import { ContestPackageMessages as M } from '@javelin/contracts';
import { PackageError } from '../packages/zip';
import {
  clicsId,
  list,
  document,
  optionalText,
  relTime,
  RELTIME,
  text,
  unique,
  where,
  type Obj,
} from './contest-package-fields';
import { readAccounts, readGroup, readOrganization, readTeam } from './contest-package-roster';

/**
 * A CLICS contest package (icpc/ccs-specs 2023-06, "Contest Package Format", its configuration use)
 * read from its files: pure, every refusal a PackageError whose sentence names the file and the field.
 */

export type AccountType = 'team' | 'judge' | 'admin';

export interface PackageContest {
  id: string;
  name: string;
  formalName: string | null;
  startTime: Date;
  durationMs: number;
  freezeMs: number;
  format: 'icpc' | 'ioi';
  penaltyMinutes: number;
}

export interface PackageProblem {
  id: string;
  label: string;
  ordinal: number;
  rgb: string | null;
  timeLimitMs: number | null;
  /** The problem package's files, relative to its root. */
  files: Map<string, Buffer> | null;
  /** The problem package as a zip, when the contest package holds it zipped. */
  zip: Buffer | null;
}

export interface PackageOrganization {
  id: string;
  name: string;
  formalName: string | null;
  country: string | null;
}

export interface PackageGroup {
  id: string;
  name: string;
  type: string | null;
  hidden: boolean;
}

export interface PackageTeam {
  id: string;
  name: string;
  displayName: string | null;
  label: string;
  organizationId: string | null;
  groupIds: string[];
  hidden: boolean;
}

export interface PackageAccount {
  username: string;
  password: string | null;
  type: AccountType;
  teamId: string | null;
}

/** A judged submission of an exported contest (a round trip): its team, problem, time and final verdict. */
export interface PackageSubmission {
  id: string;
  teamId: string;
  problemId: string;
  time: Date;
  verdict: string;
}

export interface ContestPackage {
  contest: PackageContest;
  submissions: PackageSubmission[];
  problems: PackageProblem[];
  organizations: PackageOrganization[];
  groups: PackageGroup[];
  teams: PackageTeam[];
  accounts: PackageAccount[];
  warnings: string[];
}

const RGB = /^#[0-9a-fA-F]{6}$/;

export function readContestPackage(given: ReadonlyMap<string, Buffer>): ContestPackage {
  const files = withoutTopFolder(given);
  const warnings: string[] = [];
  const contest = readContest(files);
  const organizations = list(files, 'organizations').map(readOrganization);
  const groups = list(files, 'groups').map(readGroup);
  unique(organizations, 'organizations.json');
  unique(groups, 'groups.json');
  const teams = list(files, 'teams').map((t, i) => readTeam(t, i, organizations, groups));
  unique(teams, 'teams.json');
  const accounts = readAccounts(files, teams, warnings);
  const problems = readProblems(files);
  const languages = list(files, 'languages')
    .map((l) => (typeof l.id === 'string' ? l.id : ''))
    .filter((id) => id !== '' && id !== 'java');
  if (languages.length > 0) warnings.push(M.otherLanguages(languages));
  const withAccount = new Set(accounts.map((a) => a.teamId));
  const alone = teams.filter((t) => !withAccount.has(t.id)).length;
  if (alone > 0 && accounts.length > 0) warnings.push(M.teamWithoutAccount(alone));
  const submissions = readSubmissions(files, teams, problems);
  return { contest, problems, organizations, groups, teams, accounts, submissions, warnings };
}

/** The judgement types Javelin gives, back to its verdicts (others count as a wrong answer). */
const VERDICTS: Record<string, string> = {
  AC: 'accepted',
  WA: 'wrong_answer',
  TLE: 'time_limit_exceeded',
  RTE: 'runtime_error',
  CE: 'compilation_error',
  MLE: 'memory_limit_exceeded',
  OLE: 'output_limit_exceeded',
};

/**
 * submissions.json with judgements.json (an exported contest, issue 43's round trip): each judged
 * submission with its last judgement's verdict; one without a judgement type is left out.
 */
function readSubmissions(
  files: Map<string, Buffer>,
  teams: PackageTeam[],
  problems: PackageProblem[],
): PackageSubmission[] {
  const verdicts = new Map<string, string>();
  for (const j of list(files, 'judgements'))
    if (typeof j.submission_id === 'string' && typeof j.judgement_type_id === 'string')
      verdicts.set(j.submission_id, VERDICTS[j.judgement_type_id] ?? 'wrong_answer');
  return list(files, 'submissions').flatMap((o) => {
    const id = clicsId(o, o.$file, 'id', where(o));
    const at = where(o, id);
    const teamId = text(o, o.$file, 'team_id', at, 36);
    const problemId = text(o, o.$file, 'problem_id', at, 36);
    if (!teams.some((t) => t.id === teamId))
      throw new PackageError(M.badField(o.$file, `team_id${at}`, `'${teamId}' is no team of teams.json`));
    if (!problems.some((p) => p.id === problemId))
      throw new PackageError(
        M.badField(o.$file, `problem_id${at}`, `'${problemId}' is no problem of problems`),
      );
    const time = new Date(String(o.time));
    if (Number.isNaN(time.getTime())) throw new PackageError(M.badField(o.$file, `time${at}`, 'is no time'));
    const verdict = verdicts.get(id);
    return verdict ? [{ id, teamId, problemId, time, verdict }] : [];
  });
}

/** The package's files without the one folder everything may be zipped under. */
function withoutTopFolder(files: ReadonlyMap<string, Buffer>): Map<string, Buffer> {
  const has = (name: string) => files.has(`${name}.yaml`) || files.has(`${name}.json`);
  if (has('contest')) return new Map(files);
  const tops = new Set([...files.keys()].map((p) => p.split('/')[0]));
  if (tops.size === 1) {
    const top = `${[...tops][0]}/`;
    if (files.has(`${top}contest.yaml`) || files.has(`${top}contest.json`))
      return new Map([...files].filter(([p]) => p.startsWith(top)).map(([p, b]) => [p.slice(top.length), b]));
  }
  return new Map(files);
}

/** contest.yaml's keys, the legacy dashed ones (`start-time`, `scoreboard-freeze-length`) included. */
function readContest(files: Map<string, Buffer>): PackageContest {
  const doc = document(files, 'contest');
  if (!doc) throw new PackageError(M.noContestFile);
  const { file } = doc;
  if (!doc.value || typeof doc.value !== 'object' || Array.isArray(doc.value))
    throw new PackageError(M.badField(file, 'the file', 'must be an object'));
  const o: Obj = {};
  for (const [k, v] of Object.entries(doc.value as Obj)) o[k.replace(/-/g, '_')] = v;
  if (o.scoreboard_freeze_duration === undefined) o.scoreboard_freeze_duration = o.scoreboard_freeze_length;
  if (o.id === undefined) o.id = o.short_name;
  const id = clicsId(o, file, 'id', '');
  const name = text(o, file, 'name', '');
  const startRaw = o.start_time;
  const start =
    typeof startRaw === 'string' ? new Date(startRaw) : startRaw instanceof Date ? startRaw : null;
  if (!start || Number.isNaN(start.getTime()))
    throw new PackageError(
      M.badField(
        file,
        'start_time',
        startRaw === undefined || startRaw === null ? 'is missing' : `'${String(startRaw)}' is no time`,
      ),
    );
  const durationMs = relTime(o, file, 'duration');
  if (durationMs === null) throw new PackageError(M.badField(file, 'duration', 'is missing'));
  if (durationMs <= 0) throw new PackageError(M.badField(file, 'duration', 'must be positive'));
  const freezeMs = relTime(o, file, 'scoreboard_freeze_duration') ?? 0;
  if (freezeMs < 0 || freezeMs > durationMs)
    throw new PackageError(M.badField(file, 'scoreboard_freeze_duration', 'must be from 0 to the duration'));
  const type = o.scoreboard_type ?? 'pass-fail';
  if (type !== 'pass-fail' && type !== 'score')
    throw new PackageError(
      M.badField(file, 'scoreboard_type', `'${String(type)}' is neither pass-fail nor score`),
    );
  return {
    id,
    name,
    formalName: optionalText(o, file, 'formal_name', ''),
    startTime: start,
    durationMs,
    freezeMs,
    format: type === 'score' ? 'ioi' : 'icpc',
    penaltyMinutes: penalty(o, file),
  };
}

/** 2023-06: whole minutes; 2025: a RELTIME. */
function penalty(o: Obj, file: string): number {
  const value = o.penalty_time;
  if (value === undefined || value === null) return 20;
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1000) return value;
  if (typeof value === 'string' && RELTIME.test(value))
    return Math.round((relTime(o, file, 'penalty_time') ?? 0) / 60_000);
  throw new PackageError(M.badField(file, 'penalty_time', `'${String(value)}' is no number of minutes`));
}

function readProblems(files: Map<string, Buffer>): PackageProblem[] {
  const entries = list(files, 'problems');
  const problems = entries.map((o, i): PackageProblem => {
    const file = o.$file;
    const id = clicsId(o, file, 'id', where(o));
    const at = where(o, id);
    const ordinal = o.ordinal === undefined || o.ordinal === null ? i : Number(o.ordinal);
    if (!Number.isFinite(ordinal))
      throw new PackageError(M.badField(file, `ordinal${at}`, 'must be a number'));
    const rgb = optionalText(o, file, 'rgb', at, 7);
    if (rgb !== null && !RGB.test(rgb))
      throw new PackageError(M.badField(file, `rgb${at}`, `'${rgb}' is no #rrggbb colour`));
    const limit = o.time_limit;
    if (limit !== undefined && limit !== null && !(typeof limit === 'number' && limit > 0 && limit <= 60))
      throw new PackageError(M.badField(file, `time_limit${at}`, 'must be a number of seconds from 0 to 60'));
    return {
      id,
      label: o.label === undefined || o.label === null ? id : text(o, file, 'label', at, 36),
      ordinal,
      rgb,
      timeLimitMs: typeof limit === 'number' ? Math.round(limit * 1000) : null,
      ...problemFiles(files, id),
    };
  });
  unique(problems, entries[0]?.$file ?? 'problems.yaml');
  return problems.sort((a, b) => a.ordinal - b.ordinal);
}

/** problems/<id>/<id>.zip, problems/<id>.zip, or the package unpacked in problems/<id>/. */
function problemFiles(
  files: Map<string, Buffer>,
  id: string,
): { files: Map<string, Buffer> | null; zip: Buffer | null } {
  const zip = files.get(`problems/${id}/${id}.zip`) ?? files.get(`problems/${id}.zip`);
  if (zip) return { files: null, zip };
  const prefix = `problems/${id}/`;
  const inside = new Map(
    [...files].filter(([p]) => p.startsWith(prefix)).map(([p, b]) => [p.slice(prefix.length), b]),
  );
  if (inside.size === 0) throw new PackageError(M.noProblemPackage(id));
  return { files: inside, zip: null };
}
