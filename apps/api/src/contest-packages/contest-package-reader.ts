import { ContestPackageMessages as M } from '@javelin/contracts';
import { parse as parseYaml } from 'yaml';
import { PackageError } from '../packages/zip';

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

/** The spec's ID: at most 36 of [a-zA-Z0-9_.-], not starting with a dot. */
const CLICS_ID = /^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,35}$/;
/** Javelin's usernames (libs/contracts USERNAME_PATTERN, at most 32). */
const USERNAME = /^[A-Za-z0-9_.-]{1,32}$/;
const RELTIME = /^(-)?(\d+):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?$/;
const RGB = /^#[0-9a-fA-F]{6}$/;
/** A team name becomes the account's full name (at most 100 characters). */
const NAME_MAX = 300;

type Obj = Record<string, unknown>;

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

/** A YAML or JSON file parsed; null when the package has neither. */
function document(files: Map<string, Buffer>, name: string): { file: string; value: unknown } | null {
  for (const file of [`${name}.yaml`, `${name}.yml`, `${name}.json`]) {
    const bytes = files.get(file);
    if (!bytes) continue;
    try {
      const text = bytes.toString('utf8');
      return { file, value: file.endsWith('.json') ? JSON.parse(text) : parseYaml(text) };
    } catch (error) {
      throw new PackageError(M.notParsed(file, (error as Error).message.split('\n')[0]));
    }
  }
  return null;
}

/** A list file (organizations, groups, teams, …): each entry an object; [] when absent. */
function list(files: Map<string, Buffer>, name: string): (Obj & { $file: string; $at: number })[] {
  const doc = document(files, name);
  if (!doc || doc.value === null || doc.value === undefined) return [];
  if (!Array.isArray(doc.value)) throw new PackageError(M.badField(doc.file, 'the file', 'must be a list'));
  return doc.value.map((entry, i) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry))
      throw new PackageError(M.badField(doc.file, `entry ${i + 1}`, 'must be an object'));
    return { ...(entry as Obj), $file: doc.file, $at: i };
  });
}

function text(o: Obj, file: string, field: string, where: string, max = NAME_MAX): string {
  const value = o[field];
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value.trim() === '')
    throw new PackageError(M.badField(file, `${field}${where}`, 'is missing'));
  if (value.length > max)
    throw new PackageError(M.badField(file, `${field}${where}`, `is over ${max} characters`));
  return value.trim();
}

function optionalText(o: Obj, file: string, field: string, where: string, max = NAME_MAX): string | null {
  const value = o[field];
  if (value === undefined || value === null || value === '') return null;
  return text(o, file, field, where, max);
}

function clicsId(o: Obj, file: string, field: string, where: string): string {
  const id = text(o, file, field, where, 36);
  if (!CLICS_ID.test(id))
    throw new PackageError(
      M.badField(file, `${field}${where}`, `'${id}' is no CLICS id (at most 36 of a-z A-Z 0-9 _ . -)`),
    );
  return id;
}

function flag(o: Obj, file: string, field: string, where: string): boolean {
  const value = o[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean')
    throw new PackageError(M.badField(file, `${field}${where}`, 'must be true or false'));
  return value;
}

/** RELTIME (`5:00:00`, `1:00:00.000`) in milliseconds. */
function relTime(o: Obj, file: string, field: string): number | null {
  const value = o[field];
  if (value === undefined || value === null) return null;
  const m = typeof value === 'string' ? RELTIME.exec(value.trim()) : null;
  if (!m) throw new PackageError(M.badField(file, field, `'${String(value)}' is no duration (h:mm:ss)`));
  const ms =
    (Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4])) * 1000 + Number((m[5] ?? '0').padEnd(3, '0'));
  return m[1] ? -ms : ms;
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

const where = (o: { $at: number }, id?: string) => (id ? ` of '${id}'` : ` of entry ${o.$at + 1}`);

function readOrganization(o: Obj & { $file: string; $at: number }): PackageOrganization {
  const id = clicsId(o, o.$file, 'id', where(o));
  const country = optionalText(o, o.$file, 'country', where(o, id), 3);
  if (country !== null && !/^[A-Z]{3}$/.test(country))
    throw new PackageError(
      M.badField(o.$file, `country${where(o, id)}`, `'${country}' is no ISO 3166-1 alpha-3 code`),
    );
  return {
    id,
    name: text(o, o.$file, 'name', where(o, id)),
    formalName: optionalText(o, o.$file, 'formal_name', where(o, id)),
    country,
  };
}

function readGroup(o: Obj & { $file: string; $at: number }): PackageGroup {
  const id = clicsId(o, o.$file, 'id', where(o));
  return {
    id,
    name: text(o, o.$file, 'name', where(o, id)),
    type: optionalText(o, o.$file, 'type', where(o, id), 100),
    hidden: flag(o, o.$file, 'hidden', where(o, id)),
  };
}

function readTeam(
  o: Obj & { $file: string; $at: number },
  _i: number,
  organizations: PackageOrganization[],
  groups: PackageGroup[],
): PackageTeam {
  const id = clicsId(o, o.$file, 'id', where(o));
  const at = where(o, id);
  const organizationId =
    o.organization_id === undefined || o.organization_id === null
      ? null
      : clicsId(o, o.$file, 'organization_id', at);
  if (organizationId !== null && !organizations.some((g) => g.id === organizationId))
    throw new PackageError(
      M.badField(
        o.$file,
        `organization_id${at}`,
        `'${organizationId}' is no organization of organizations.json`,
      ),
    );
  const rawGroups = o.group_ids ?? [];
  if (!Array.isArray(rawGroups))
    throw new PackageError(M.badField(o.$file, `group_ids${at}`, 'must be a list'));
  const groupIds = rawGroups.map((g) => String(g));
  for (const g of groupIds)
    if (!groups.some((x) => x.id === g))
      throw new PackageError(M.badField(o.$file, `group_ids${at}`, `'${g}' is no group of groups.json`));
  const label = o.label === undefined || o.label === null ? id : clicsId(o, o.$file, 'label', at);
  return {
    id,
    name: text(o, o.$file, 'name', at),
    displayName: optionalText(o, o.$file, 'display_name', at),
    label,
    organizationId,
    groupIds: [...new Set(groupIds)],
    hidden: flag(o, o.$file, 'hidden', at),
  };
}

function unique(items: { id: string }[], file: string): void {
  const seen = new Set<string>();
  for (const item of items) {
    if (seen.has(item.id)) throw new PackageError(M.badField(file, 'id', `'${item.id}' is given twice`));
    seen.add(item.id);
  }
}

function readAccounts(
  files: Map<string, Buffer>,
  teams: PackageTeam[],
  warnings: string[],
): PackageAccount[] {
  const accounts: PackageAccount[] = [];
  const names = new Set<string>();
  const teamsTaken = new Set<string>();
  for (const o of list(files, 'accounts')) {
    const file = o.$file;
    const username = text(o, file, 'username', where(o), 32);
    const at = where(o, username);
    if (!USERNAME.test(username))
      throw new PackageError(
        M.badField(file, `username${at}`, 'may have only letters, digits, _ . - (at most 32)'),
      );
    if (names.has(username.toLowerCase()))
      throw new PackageError(M.badField(file, 'username', `'${username}' is given twice`));
    names.add(username.toLowerCase());
    const type = typeof o.type === 'string' ? o.type : 'team';
    if (type !== 'team' && type !== 'judge' && type !== 'admin') {
      warnings.push(M.accountTypeSkipped(username, type));
      continue;
    }
    const teamId = o.team_id === undefined || o.team_id === null ? null : String(o.team_id);
    if (type === 'team') {
      if (teamId === null) throw new PackageError(M.badField(file, `team_id${at}`, 'is missing'));
      if (!teams.some((t) => t.id === teamId))
        throw new PackageError(M.badField(file, `team_id${at}`, `'${teamId}' is no team of teams.json`));
      if (teamsTaken.has(teamId))
        throw new PackageError(M.badField(file, `team_id${at}`, `team '${teamId}' has two accounts`));
      teamsTaken.add(teamId);
    }
    const password = o.password === undefined || o.password === null ? null : String(o.password);
    if (password !== null && (password.length === 0 || password.length > 128))
      throw new PackageError(M.badField(file, `password${at}`, 'must have 1 to 128 characters'));
    if (password === null) warnings.push(M.accountWithoutPassword(username));
    accounts.push({ username, password, type, teamId: type === 'team' ? teamId : null });
  }
  return accounts;
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
