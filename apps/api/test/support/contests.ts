import { sha256 } from '../../src/common/hash';
import { ContestsService } from '../../src/contests/contests.service';
import type { SeededUser, TestApp } from './app';
import { bearer } from './app';
import { acceptedSubmissionBody } from './submissions';

const HOUR = 3_600_000;

export async function createContest(
  t: TestApp,
  adminToken: string,
  problemIds: string[],
  overrides: Record<string, unknown> = {},
) {
  const res = await t.http
    .post('/api/contests')
    .set(bearer(adminToken))
    .send({
      title: `Contest ${Math.random().toString(36).slice(2, 7)}`,
      description: 'A test contest',
      startTime: new Date(Date.now() + HOUR).toISOString(),
      endTime: new Date(Date.now() + 2 * HOUR).toISOString(),
      maxParticipants: 100,
      problemIds,
      ...overrides,
    });
  if (res.status !== 201) throw new Error(`create contest failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { _id: string; contestProblems: { problemId: { _id: string }; points: number }[] };
}

/** Moves a contest's window so that it is active now (it started a minute ago). */
export async function startNow(t: TestApp, contestId: string, minutesLeft = 60): Promise<void> {
  await t.db.query(
    `UPDATE contests SET start_time = now() - interval '1 minute', end_time = now() + $2 * interval '1 minute' WHERE id = $1`,
    [contestId, minutesLeft],
  );
  await contestEdited(t, contestId);
}

export async function endNow(t: TestApp, contestId: string): Promise<void> {
  await t.db.query(
    `UPDATE contests SET start_time = now() - interval '2 hours', end_time = now() - interval '1 second' WHERE id = $1`,
    [contestId],
  );
  await contestEdited(t, contestId);
}

/**
 * After a contest was changed straight in SQL: the API forgets what it keeps of it (as after an edit
 * through it), so the next request sees the change rather than waiting out CONTEST_CACHE_MAX_AGE_MS.
 */
export async function contestEdited(t: TestApp, contestId: string): Promise<void> {
  await t.app.get(ContestsService).contestChanged(contestId);
}

/**
 * Records what the judge would: a passing full judgement of `code`, so the API's own submission and
 * solve rules can be exercised without waiting on Java (the execution suite covers the real judge).
 */
export async function recordPassingJudgement(
  t: TestApp,
  user: SeededUser,
  problemId: string,
  contestId: string | null,
  code: string,
) {
  await t.db.query(
    `INSERT INTO judgements (user_id, problem_id, contest_id, code_hash, all_tests, verdict, passed_count, total_count)
     VALUES ($1, $2, $3, $4, true, 'accepted', 5, 5)`,
    [user.id, problemId, contestId, sha256(code)],
  );
}

/** The spec's client flow after a passing judgement in a contest: record the submission, then mark the problem solved. */
export async function submitAndSolve(
  t: TestApp,
  user: SeededUser,
  problemId: string,
  contestId: string,
  code: string,
) {
  const sub = await t.http
    .post('/api/submissions')
    .set(bearer(user.token))
    .send(acceptedSubmissionBody(problemId, code, { contestId }));
  if (sub.status !== 201) return sub;
  return t.http
    .post('/api/solve')
    .set(bearer(user.token))
    .send({ problemId, submissionId: sub.body._id, contestId });
}
