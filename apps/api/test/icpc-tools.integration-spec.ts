import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ContestsService } from '../src/contests/contests.service';
import { ProblemsService } from '../src/problems/problems.service';
import { bearer, seedUser, type SeededUser } from './support/app';
import { ECHO_MAIN, regionalZip, SUM_MAIN, SUM_WRONG, TEAM_PASSWORD } from './support/contest-package';
import { startJudgedApp, type JudgedApp } from './support/judged-app';
import { rejudgeAndWait } from './support/rejudge';
import { COMPILE_ERROR } from './support/scripted-contest';
import { judgeAndRecord } from './support/submissions';
import * as Clics from './contract/clics-schemas';
import { replay } from './support/clics-replay';

/**
 * Issue 43: the contest that scripts/icpc-tools-check.mjs reads into the ICPC tools' own contest
 * model. A regional imported from its package (teams in groups, the observers' group hidden), played
 * through the real judge: rejections, a compile error, a hidden team solving first, two solves of one
 * problem seconds apart and of another seconds apart across the freeze, tries after a solve, a
 * rejection then a solve in the freeze, a rejudge that takes a first
 * solve away, the unfreeze. At three moments each audience's event feed and /scoreboard (and at the
 * end /awards) are taken; here each feed is replayed by the ICPC rules (support/clics-replay.ts) and
 * must give its board. With ICPC_TOOLS_OUT set they are also written there, for the real tools.
 */
const OUT = process.env.ICPC_TOOLS_OUT;
const START = new Date('2040-11-20T09:00:00.000Z').getTime();
const MIN = 60_000;
const TWICE_MAIN = SUM_MAIN.replace(
  'long x = in.nextLong(), y = in.nextLong();',
  'long x = in.nextLong(), y = x;',
);
const TWICE_WRONG = TWICE_MAIN.replace('x + y', 'x');
/** Passes echo's package tests (hello, regional) by heart: the jury's later fix of a test fails it. */
const ECHO_BY_HEART = ECHO_MAIN.replace(
  'System.out.println(new Scanner(System.in).nextLine().trim());',
  'String s = new Scanner(System.in).nextLine().trim(); System.out.println(s.startsWith("h") ? "hello" : "regional");',
);
type Problem = 'sum' | 'echo' | 'twice';
type Verdict = 'accepted' | 'wrong_answer' | 'compilation_error';
/** At this time from the start (ms), this team tries this problem with code that gets this verdict. */
const PLAY: [number, number, Problem, string, Verdict][] = [
  [30 * MIN, 5, 'sum', SUM_MAIN, 'accepted'],
  [40 * MIN, 1, 'sum', SUM_WRONG, 'wrong_answer'],
  [42 * MIN, 1, 'sum', COMPILE_ERROR, 'compilation_error'],
  [50 * MIN, 1, 'sum', SUM_MAIN, 'accepted'],
  [60 * MIN, 3, 'echo', ECHO_BY_HEART, 'accepted'],
  [60 * MIN + 5_000, 4, 'echo', ECHO_MAIN, 'accepted'],
  [61 * MIN, 4, 'echo', ECHO_MAIN, 'accepted'],
  [70 * MIN, 1, 'sum', SUM_WRONG, 'wrong_answer'],
  [100 * MIN, 2, 'twice', TWICE_WRONG, 'wrong_answer'],
  [240 * MIN - 2_000, 2, 'twice', TWICE_MAIN, 'accepted'],
  [240 * MIN + 1_000, 4, 'twice', TWICE_MAIN, 'accepted'],
  [245 * MIN, 1, 'twice', TWICE_WRONG, 'wrong_answer'],
  [246 * MIN, 1, 'twice', TWICE_MAIN, 'accepted'],
];

describe("the ICPC tools' scoreboard over Javelin's event feed", () => {
  let t: JudgedApp;
  let admin: SeededUser;
  let clock: ContestsService;
  let contestId: string;
  const teams: Record<number, SeededUser> = {};
  const at = (ms: number) => clock.useClock(() => new Date(START + ms));
  const api = (path: string, who?: SeededUser) =>
    t.http
      .get(`/api/clics/contests/tools${path}`)
      .set(who ? bearer(who.token) : {})
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (c: Buffer) => (text += c.toString()));
        response.on('end', () => done(null, text));
      })
      .expect(200)
      .then((res) => res.body as string);

  /** Both audiences' feed and board at this moment, each feed replayed to its board; written out if asked. */
  async function snapshot(moment: string) {
    const boards: Record<string, z.infer<typeof Clics.Scoreboard>> = {};
    for (const [audience, who] of [
      ['admin', admin],
      ['public', undefined],
    ] as const) {
      const feed = await api('/event-feed?stream=false', who);
      const board = Clics.Scoreboard.parse(JSON.parse(await api('/scoreboard', who)));
      boards[audience] = board;
      const events = feed
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => Clics.FeedLine.parse(JSON.parse(l)));
      expect(replay(events), `${moment}, ${audience}`).toEqual(
        board.rows.map((r) => ({
          rank: r.rank,
          team_id: r.team_id,
          num_solved: r.score.num_solved,
          total_time: r.score.total_time,
          problems: r.problems.map((p) => ({
            problem_id: p.problem_id,
            num_judged: p.num_judged,
            solved: p.solved,
            time: p.time,
            first_to_solve: p.first_to_solve,
          })),
        })),
      );
      if (OUT) {
        mkdirSync(OUT, { recursive: true });
        writeFileSync(join(OUT, `${moment}-${audience}-feed.ndjson`), feed);
        writeFileSync(join(OUT, `${moment}-${audience}-scoreboard.json`), JSON.stringify(board));
        writeFileSync(join(OUT, `${moment}-${audience}-awards.json`), await api('/awards', who));
      }
    }
    return boards;
  }

  async function attempt(team: number, problem: Problem, code: string, verdict: Verdict) {
    const [{ problem_id }] = await t.db.query(
      `SELECT problem_id FROM contest_problems WHERE contest_id = $1 AND clics_id = $2`,
      [contestId, problem],
    );
    await judgeAndRecord(t, teams[team], problem_id, code, verdict, { contestId });
    return problem_id as string;
  }

  beforeAll(async () => {
    t = await startJudgedApp();
    admin = await seedUser(t, ['admin']);
    clock = t.app.get(ContestsService);
    contestId = (
      await t.http
        .post('/api/contests/import')
        .set(bearer(admin.token))
        .set('Content-Type', 'application/zip')
        .send(regionalZip('tools'))
        .expect(201)
    ).body._id;
    for (const n of [1, 2, 3, 4, 5]) {
      const login = await t.http
        .post('/api/auth/login')
        .send({ email: `tools-team${n}`, password: TEAM_PASSWORD(n) })
        .expect(200);
      teams[n] = { token: login.body.token } as SeededUser;
    }
  }, 120_000);
  afterAll(async () => {
    clock?.useClock(() => new Date());
    await t?.close();
  });

  it('plays the contest and gives, at each moment and for each audience, the board its feed replays to', async () => {
    for (const [ms, team, problem, code, verdict] of PLAY) {
      at(ms);
      await attempt(team, problem, code, verdict);
    }
    at(250 * MIN);
    const frozen = await snapshot('frozen');
    // The public sees teams 3 and 4 equal: echo at 1:00:00 and 1:00:05, their last solve in one
    // minute, tie (the tools ranked team 4 second when Javelin told them apart by seconds).
    expect(frozen.public.rows.slice(0, 2).map((r) => [r.team_id, r.rank])).toEqual([
      ['t3', 1],
      ['t4', 1],
    ]);

    // The jury fixes echo's secret test: team 3's answer by heart, the first solve, no longer passes.
    const [{ problem_id: echo }] = await t.db.query(
      `SELECT problem_id FROM contest_problems WHERE contest_id = $1 AND clics_id = 'echo'`,
      [contestId],
    );
    await t.db.query(
      `UPDATE test_cases SET input = replace(input, 'regional', 'contest'),
              expected_output = replace(expected_output, 'regional', 'contest') WHERE problem_id = $1`,
      [echo],
    );
    t.app.get(ProblemsService).problemsChanged();
    at(255 * MIN);
    expect((await rejudgeAndWait(t, admin.token, { problemId: echo, contestId })).changed).toBe(1);
    await snapshot('rejudged');

    at(301 * MIN);
    await t.http.post(`/api/contests/${contestId}/unfreeze`).set(bearer(admin.token)).expect(200);
    await snapshot('final');
    const board = Clics.Scoreboard.parse(JSON.parse(await api('/scoreboard')));
    const firsts = board.rows.flatMap((r) =>
      r.problems.filter((p) => p.first_to_solve).map((p) => [p.problem_id, r.team_id]),
    );
    expect(firsts.sort()).toEqual([
      ['echo', 't4'],
      ['sum', 't1'],
      ['twice', 't2'],
    ]);
    const awards = JSON.parse(await api('/awards')) as { id: string; team_ids: string[] }[];
    for (const [problem, team] of firsts)
      expect(awards.find((a) => a.id === `first-to-solve-${problem}`)?.team_ids).toEqual([team]);
  }, 600_000);
});
