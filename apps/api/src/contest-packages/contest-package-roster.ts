import { ContestPackageMessages as M } from '@javelin/contracts';
import { PackageError } from '../packages/zip';
import { clicsId, flag, list, optionalText, text, where, type Obj } from './contest-package-fields';
import type {
  PackageAccount,
  PackageGroup,
  PackageOrganization,
  PackageTeam,
} from './contest-package-reader';

/** A contest package's roster: its organizations, groups, teams and their accounts. */

/** Javelin's usernames (libs/contracts USERNAME_PATTERN, at most 32). */
const USERNAME = /^[A-Za-z0-9_.-]{1,32}$/;

export function readOrganization(o: Obj & { $file: string; $at: number }): PackageOrganization {
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

export function readGroup(o: Obj & { $file: string; $at: number }): PackageGroup {
  const id = clicsId(o, o.$file, 'id', where(o));
  return {
    id,
    name: text(o, o.$file, 'name', where(o, id)),
    type: optionalText(o, o.$file, 'type', where(o, id), 100),
    hidden: flag(o, o.$file, 'hidden', where(o, id)),
  };
}

export function readTeam(
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

export function readAccounts(
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
