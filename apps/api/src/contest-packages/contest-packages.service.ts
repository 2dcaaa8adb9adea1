import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ContestPackageMessages as M,
  DEFAULT_PROBLEM_POINTS,
  type ImportContestPackageResponse,
  type ImportedAccount,
  ServerMessages,
} from '@javelin/contracts';
import * as argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { Tx } from '../common/transactions';
import { ContestsService } from '../contests/contests.service';
import { StandingsRepository } from '../contests/standings.repository';
import { readPackage, type ReadPackage } from '../packages/package-reader';
import { packageIdentity, storePackage } from '../packages/packages.service';
import { PackageError, readZip } from '../packages/zip';
import { ProblemsRepository } from '../problems/problems.repository';
import { ProblemsService } from '../problems/problems.service';
import type { AuthUser } from '../users/users.service';
import { readContestPackage, type ContestPackage, type PackageAccount } from './contest-package-reader';
import { problemOfPackage, rememberPackage } from './problem-reuse';

/** A package account's e-mail: never delivered (RFC 2606 `.invalid`), never shown; it signs in by username. */
export const accountEmail = (username: string) => `${username.toLowerCase()}@accounts.invalid`;

/** Hashes at once while reading a package: argon2 costs memory, a package may hold hundreds of accounts. */
const HASHING = 4;

/**
 * Contest packages (issue 43): `POST /api/contests/import` stores a CLICS contest package — the
 * contest, its problems (each imported as `POST /api/problems/import` does), organizations, groups,
 * teams and accounts — in one transaction, so a bad package leaves nothing behind.
 */
@Injectable()
export class ContestPackagesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly problemsRepository: ProblemsRepository,
    private readonly problems: ProblemsService,
    private readonly contests: ContestsService,
    private readonly standings: StandingsRepository,
  ) {}

  async importPackage(zip: Buffer, author: AuthUser): Promise<ImportContestPackageResponse> {
    const pkg = await refusing(async () => readContestPackage(await readZip(zip)));
    const problems = await Promise.all(
      pkg.problems.map(async (p) => {
        const files = await refusing(
          async () => p.files ?? (await readZip(p.zip!)),
          (why) => M.problemPackage(p.id, why),
        );
        const read = await refusing(
          async () => readPackage(files, p.id),
          (why) => M.problemPackage(p.id, why),
        );
        if (p.timeLimitMs !== null) read.timeLimitMs = p.timeLimitMs;
        return { clics: p, read, identity: packageIdentity(p.id, files, read.timeLimitMs) };
      }),
    );
    await this.refuseTaken(pkg);
    const hashes = await hashAll(pkg.accounts);
    const id = randomUUID();
    const warnings: string[] = [];
    const reusedIds = new Set<string>();
    const endTime = new Date(pkg.contest.startTime.getTime() + pkg.contest.durationMs);
    try {
      await this.db.transaction(async (tx) => {
        await this.insertContest(tx, id, pkg, author.id, endTime);
        for (const [position, problem] of problems.entries()) {
          const same = await this.insertProblem(tx, id, position, problem, author.id);
          if (!same) continue;
          if (same.published) {
            warnings.push(M.problemPublishedNotReused(problem.clics.id, same.title));
            continue;
          }
          reusedIds.add(problem.clics.id);
          warnings.push(M.problemReused(problem.clics.id, same.title));
        }
        await insertTeams(tx, id, pkg);
        await insertAccounts(tx, id, pkg, hashes);
        warnings.push(...(await insertSubmissions(tx, id, pkg)));
        await this.standings.refreshContest(tx, id);
      });
    } catch (error) {
      throw conflictOf(error, pkg) ?? error;
    }
    this.problems.problemsChanged();
    await this.contests.imported(id, endTime);
    return {
      _id: id,
      clicsId: pkg.contest.id,
      warnings: [
        ...pkg.warnings,
        // A reused problem was not imported: what its reading found is no news.
        ...problems.flatMap(({ clics, read }) =>
          reusedIds.has(clics.id) ? [] : read.warnings.map((w) => `problems/${clics.id}: ${w}`),
        ),
        ...warnings,
      ],
    };
  }

  /** The package's accounts of a contest (admins): username, type, team and label, never a password. */
  async accounts(contestId: string): Promise<ImportedAccount[]> {
    const [contest]: unknown[] = await this.db.query(`SELECT 1 FROM contests WHERE id = $1`, [contestId]);
    if (!contest) throw new NotFoundException(ServerMessages.contestNotFound);
    const rows: {
      user_id: string;
      username: string;
      account_type: ImportedAccount['type'];
      team_id: string | null;
      team_name: string | null;
      label: string | null;
    }[] = await this.db.query(
      `SELECT u.id AS user_id, u.username, u.account_type, t.clics_id AS team_id,
              coalesce(t.display_name, t.name) AS team_name, t.label
         FROM contest_teams t JOIN users u ON u.id = t.user_id
        WHERE t.contest_id = $1
        ORDER BY t.label, u.username`,
      [contestId],
    );
    return rows.map((r) => ({
      userId: r.user_id,
      username: r.username,
      type: r.account_type,
      teamId: r.team_id,
      teamName: r.team_name,
      label: r.label,
    }));
  }

  /** A contest id or a username already in Javelin: a 409 naming it, before any hash is spent. */
  private async refuseTaken(pkg: ContestPackage): Promise<void> {
    const [taken]: { id: string }[] = await this.db.query(`SELECT id FROM contests WHERE clics_id = $1`, [
      pkg.contest.id,
    ]);
    if (taken) throw new ConflictException(M.contestIdTaken(pkg.contest.id));
    if (pkg.accounts.length === 0) return;
    const [user]: { username: string }[] = await this.db.query(
      `SELECT username FROM users WHERE lower(username) = ANY($1) OR lower(email) = ANY($2) LIMIT 1`,
      [pkg.accounts.map((a) => a.username.toLowerCase()), pkg.accounts.map((a) => accountEmail(a.username))],
    );
    if (user) throw new ConflictException(M.usernameTaken('accounts.yaml', user.username));
  }

  private async insertContest(tx: Tx, id: string, pkg: ContestPackage, authorId: string, endTime: Date) {
    const c = pkg.contest;
    const teamAccounts = pkg.accounts.filter((a) => a.type === 'team').length;
    await tx.query(
      `INSERT INTO contests (id, title, description, start_time, end_time, max_participants, participant_count,
                             created_by, format, penalty_minutes, freeze_minutes, clics_id, formal_name)
       VALUES ($1, $2, '', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        id,
        c.name.slice(0, 200),
        c.startTime,
        endTime,
        Math.max(100, pkg.teams.length),
        teamAccounts,
        authorId,
        c.format,
        c.penaltyMinutes,
        Math.round(c.freezeMs / 60_000),
        c.id,
        c.formalName,
      ],
    );
  }

  /**
   * Stores the contest's problem, or points at the same package already in Javelin if it is hidden
   * (problem-reuse.ts). Returns the problem of the same package found, reused or (published) not.
   */
  private async insertProblem(
    tx: Tx,
    contestId: string,
    position: number,
    {
      clics,
      read,
      identity,
    }: { clics: ContestPackage['problems'][number]; read: ReadPackage; identity: string },
    authorId: string,
  ): Promise<{ id: string; title: string; published: boolean } | null> {
    const same = await problemOfPackage(tx, identity);
    const reused = same?.published ? null : same;
    const problemId = reused?.id ?? randomUUID();
    if (!reused) {
      // A contest's problem is the contest's until an admin makes it public (imports start hidden, issue 47).
      await storePackage(tx, this.problemsRepository, problemId, read, authorId, { isVisible: false });
      await rememberPackage(tx, problemId, identity);
    }
    await tx.query(
      `INSERT INTO contest_problems (contest_id, problem_id, position, points, clics_id, label, rgb)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [contestId, problemId, position, DEFAULT_PROBLEM_POINTS, clics.id, clics.label, clics.rgb],
    );
    return same;
  }
}

async function insertTeams(tx: Tx, contestId: string, pkg: ContestPackage): Promise<void> {
  for (const o of pkg.organizations)
    await tx.query(
      `INSERT INTO contest_organizations (contest_id, clics_id, name, formal_name, country) VALUES ($1, $2, $3, $4, $5)`,
      [contestId, o.id, o.name, o.formalName, o.country],
    );
  for (const g of pkg.groups)
    await tx.query(
      `INSERT INTO contest_groups (contest_id, clics_id, name, type, hidden) VALUES ($1, $2, $3, $4, $5)`,
      [contestId, g.id, g.name, g.type, g.hidden],
    );
  for (const t of pkg.teams)
    await tx.query(
      `INSERT INTO contest_teams (contest_id, clics_id, name, display_name, label, organization_id, group_ids, hidden)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [contestId, t.id, t.name, t.displayName, t.label, t.organizationId, t.groupIds, t.hidden],
    );
}

/**
 * Each account a user who signs in with its username (no e-mail to verify). A team account is its
 * team's participant from the start and goes by the team's name; judges and admins are admins.
 */
async function insertAccounts(
  tx: Tx,
  contestId: string,
  pkg: ContestPackage,
  hashes: Map<string, string | null>,
): Promise<void> {
  for (const a of pkg.accounts) {
    const team = a.teamId ? pkg.teams.find((t) => t.id === a.teamId)! : null;
    const fullName = (team ? (team.displayName ?? team.name) : a.username).slice(0, 100);
    const [{ id }]: { id: string }[] = await tx.query(
      `INSERT INTO users (email, username, full_name, password_hash, email_verified, account_type)
       VALUES ($1, $2, $3, $4, true, $5) RETURNING id`,
      [accountEmail(a.username), a.username, fullName, hashes.get(a.username) ?? null, a.type],
    );
    await tx.query(`INSERT INTO profiles (user_id) VALUES ($1)`, [id]);
    if (team) {
      await tx.query(`UPDATE contest_teams SET user_id = $3 WHERE contest_id = $1 AND clics_id = $2`, [
        contestId,
        team.id,
        id,
      ]);
      await tx.query(
        `INSERT INTO contest_participants (contest_id, user_id, joined_at) SELECT $1, $2, created_at FROM contests WHERE id = $1`,
        [contestId, id],
      );
    } else await tx.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'admin')`, [id]);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An exported contest's judged submissions (a round trip): each a full judgement of its team's
 * account (under its own id when that is a UUID not taken yet), each first accept a solve, so the
 * board is the one exported. Their sources are not in a package: the judgements keep none.
 */
async function insertSubmissions(tx: Tx, contestId: string, pkg: ContestPackage): Promise<string[]> {
  if (pkg.submissions.length === 0) return [];
  const users = new Map<string, string>(
    (
      (await tx.query(
        `SELECT clics_id, user_id FROM contest_teams WHERE contest_id = $1 AND user_id IS NOT NULL`,
        [contestId],
      )) as { clics_id: string; user_id: string }[]
    ).map((r) => [r.clics_id, r.user_id]),
  );
  const problems = new Map<string, { id: string; points: number }>(
    (
      (await tx.query(`SELECT clics_id, problem_id, points FROM contest_problems WHERE contest_id = $1`, [
        contestId,
      ])) as { clics_id: string; problem_id: string; points: number }[]
    ).map((r) => [r.clics_id, { id: r.problem_id, points: r.points }]),
  );
  const ids = pkg.submissions.map((s) => s.id).filter((id) => UUID.test(id));
  const taken = new Set(
    (
      (await tx.query(`SELECT id::text FROM judgements WHERE id = ANY($1::uuid[])`, [ids])) as {
        id: string;
      }[]
    ).map((r) => r.id),
  );
  const solved = new Set<string>();
  let skipped = 0;
  for (const s of [...pkg.submissions].sort((a, b) => a.time.getTime() - b.time.getTime())) {
    const userId = users.get(s.teamId);
    const problem = problems.get(s.problemId)!;
    if (!userId) {
      skipped++;
      continue;
    }
    const id = UUID.test(s.id) && !taken.has(s.id.toLowerCase()) ? s.id : randomUUID();
    await tx.query(
      `INSERT INTO judgements (id, user_id, problem_id, contest_id, code_hash, all_tests, verdict, passed_count,
                               total_count, created_at)
       VALUES ($1, $2, $3, $4, repeat('0', 64), true, $5, 0, 0, $6)`,
      [id, userId, problem.id, contestId, s.verdict, s.time],
    );
    const key = `${userId}/${problem.id}`;
    if (s.verdict !== 'accepted' || solved.has(key)) continue;
    solved.add(key);
    await tx.query(
      `INSERT INTO solved_problems (user_id, problem_id, contest_id, points, solved_at) VALUES ($1, $2, $3, $4, $5)`,
      [userId, problem.id, contestId, problem.points, s.time],
    );
  }
  return skipped > 0 ? [M.submissionsWithoutAccount(skipped)] : [];
}

async function hashAll(accounts: PackageAccount[]): Promise<Map<string, string | null>> {
  const hashes = new Map<string, string | null>();
  const queue = [...accounts];
  await Promise.all(
    Array.from({ length: HASHING }, async () => {
      for (let a = queue.shift(); a; a = queue.shift())
        hashes.set(
          a.username,
          a.password === null ? null : await argon2.hash(a.password, { type: argon2.argon2id }),
        );
    }),
  );
  return hashes;
}

/** Reads a package; a PackageError becomes a 400 with its sentence (`wrap` names where it was). */
async function refusing<T>(read: () => Promise<T>, wrap: (why: string) => string = (why) => why): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof PackageError) throw new BadRequestException(wrap(error.message));
    throw error;
  }
}

/** An import that lost a race: the same contest id or a username committed first by another request. */
function conflictOf(error: unknown, pkg: ContestPackage): ConflictException | null {
  const e = error as { code?: string; constraint?: string; detail?: string };
  if (e?.code !== '23505') return null;
  if (e.constraint === 'contests_clics_id_key')
    return new ConflictException(M.contestIdTaken(pkg.contest.id));
  const name = /\(lower\((?:username|email)::text\)\)=\(([^)@]+)/.exec(e.detail ?? '')?.[1];
  return new ConflictException(M.usernameTaken('accounts.yaml', name ?? pkg.accounts[0]?.username ?? ''));
}
