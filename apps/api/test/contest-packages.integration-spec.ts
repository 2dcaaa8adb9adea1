import { ContestPackageMessages as M, PackageMessages, PACKAGE_LIMITS } from '@javelin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, resetDatabase, seedUser, type SeededUser } from './support/app';
import { startNow } from './support/contests';
import { regionalZip, SUM_MAIN, TEAM_PASSWORD } from './support/contest-package';
import { tableChecksums } from './support/db-checksum';
import { startJudgedApp, type JudgedApp } from './support/judged-app';
import { buildZip } from './support/zip';
import { ContestsService } from '../src/contests/contests.service';
import { ProblemsService } from '../src/problems/problems.service';
import { ECHO_MAIN } from './support/contest-package';
import { rejudgeAndWait } from './support/rejudge';
import { judgeAndRecord } from './support/submissions';
import * as Clics from './contract/clics-schemas';
import { replay } from './support/clics-replay';
import { readZip } from '../src/packages/zip';

/**
 * Issue 43: a regional's CLICS contest package in one request (all or nothing), and its team
 * accounts signing in by username and competing.
 */
describe('contest packages', () => {
  let t: JudgedApp;
  let admin: SeededUser;
  let contestId: string;

  const upload = (zip: Buffer, token = admin.token) =>
    t.http.post('/api/contests/import').set(bearer(token)).set('Content-Type', 'application/zip').send(zip);
  const login = (email: string, password: string) => t.http.post('/api/auth/login').send({ email, password });

  beforeAll(async () => {
    t = await startJudgedApp();
    admin = await seedUser(t, ['admin']);
  }, 120_000);
  afterAll(() => t?.close());

  it('imports a regional in one request: contest, problems, organizations, groups, teams, accounts', async () => {
    const plain = await seedUser(t);
    await upload(regionalZip('reg1'), plain.token).expect(403);
    // As multipart too: the field `package`.
    const res = await t.http
      .post('/api/contests/import')
      .set(bearer(admin.token))
      .attach('package', regionalZip('reg1'), 'reg1.zip')
      .expect(201);
    contestId = res.body._id;
    expect(res.body.clicsId).toBe('reg1');
    expect(res.body.warnings).toContain(M.otherLanguages(['cpp']));
    const [contest] = await t.db.query(
      `SELECT title, formal_name, format, freeze_minutes, penalty_minutes, start_time, end_time, participant_count
         FROM contests WHERE id = $1`,
      [contestId],
    );
    expect(contest).toMatchObject({
      title: 'Regional reg1',
      formal_name: 'The reg1 Regional Contest',
      format: 'icpc',
      freeze_minutes: 60,
      penalty_minutes: 20,
      participant_count: 5,
    });
    expect(contest.start_time.toISOString()).toBe('2040-11-20T09:00:00.000Z');
    expect(contest.end_time.toISOString()).toBe('2040-11-20T14:00:00.000Z');
    const problems = await t.db.query(
      `SELECT cp.clics_id, cp.label, cp.rgb, p.title, p.time_limit_ms, p.is_visible
         FROM contest_problems cp JOIN problems p ON p.id = cp.problem_id WHERE cp.contest_id = $1 ORDER BY cp.position`,
      [contestId],
    );
    expect(problems.map((p: Record<string, unknown>) => [p.clics_id, p.label, p.rgb, p.title])).toEqual([
      ['sum', 'A', '#e6194b', 'Sum'],
      ['echo', 'B', '#3cb44b', 'Echo'],
      ['twice', 'C', '#4363d8', 'Twice'],
    ]);
    // problems.yaml's time_limit wins; the contest's problems stay hidden until an admin shows them.
    expect(problems[0].time_limit_ms).toBe(2000);
    expect(problems.every((p: { is_visible: boolean }) => !p.is_visible)).toBe(true);
    const teams = await t.db.query(
      `SELECT clics_id, label, organization_id, group_ids FROM contest_teams WHERE contest_id = $1 ORDER BY clics_id`,
      [contestId],
    );
    expect(teams).toHaveLength(5);
    expect(teams[4]).toEqual({
      clics_id: 't5',
      label: '105',
      organization_id: 'uni-n',
      group_ids: ['observers'],
    });
    // The admin page's list: username, team, label; never a password.
    const accounts = await t.http
      .get(`/api/contests/${contestId}/accounts`)
      .set(bearer(admin.token))
      .expect(200);
    expect(accounts.body).toHaveLength(5);
    expect(accounts.body[0]).toMatchObject({
      username: 'reg1-team1',
      teamId: 't1',
      label: '101',
      teamName: 'Team 1 Display',
    });
    expect(JSON.stringify(accounts.body)).not.toContain('pw-team');
    await t.http.get(`/api/contests/${contestId}/accounts`).set(bearer(plain.token)).expect(403);
    // Passwords are stored hashed.
    const [{ hash }] = await t.db.query(
      `SELECT password_hash AS hash FROM users WHERE username = 'reg1-team1'`,
    );
    expect(hash).toMatch(/^\$argon2id\$/);
  });

  it('signs team accounts in by username (a wrong password is a 401); a judge is an admin', async () => {
    const ok = await login('reg1-team1', TEAM_PASSWORD(1)).expect(200);
    await login('reg1-team1', 'wrong-password').expect(401);
    await login('reg1-nobody', TEAM_PASSWORD(1)).expect(401);
    // A person's username signs in no one: people sign in with their e-mail.
    const person = await seedUser(t);
    const [{ username }] = await t.db.query(`SELECT username FROM users WHERE id = $1`, [person.id]);
    await login(username, person.password).expect(401);
    const me = await t.http.get('/api/auth/me').set(bearer(ok.body.token)).expect(200);
    expect(me.body.user.fullName).toBe('Team 1 Display');
    expect(me.body.roles).toEqual([]);
    const judge = await login('reg1-judge', 'judge-secret-pw').expect(200);
    const judgeMe = await t.http.get('/api/auth/me').set(bearer(judge.body.token)).expect(200);
    expect(judgeMe.body.roles).toContain('admin');
    // A team account keeps its username and its team's name.
    const renamed = await t.http
      .put('/api/profiles/me')
      .set(bearer(ok.body.token))
      .send({ username: 'someone-else' })
      .expect(403);
    expect(renamed.body.message).toBe(M.packageAccountKeepsNames);
  });

  it('lets a team compete from the start: no join, its try judged, the board naming it by its team', async () => {
    const token = (await login('reg1-team2', TEAM_PASSWORD(2)).expect(200)).body.token as string;
    await startNow(t, contestId);
    const [{ problem_id: sumId }] = await t.db.query(
      `SELECT problem_id FROM contest_problems WHERE contest_id = $1 AND clics_id = 'sum'`,
      [contestId],
    );
    // The web's flow: judged, then the accepted submission and its solve recorded.
    await judgeAndRecord(t, { token } as SeededUser, sumId, SUM_MAIN, 'accepted', { contestId });
    // The hidden group's team solves too: it is on no board and ranked nowhere.
    const hidden = (await login('reg1-team5', TEAM_PASSWORD(5)).expect(200)).body.token as string;
    await judgeAndRecord(t, { token: hidden } as SeededUser, sumId, SUM_MAIN, 'accepted', { contestId });
    for (const viewer of [admin.token, token, undefined]) {
      const board = await t.http
        .get(`/api/leaderboard/contests/${contestId}`)
        .set(viewer ? bearer(viewer) : {})
        .expect(200);
      const rows = board.body as { username: string; rank?: number }[];
      expect(rows.map((r) => r.username)).toEqual(['reg1-team2']);
      expect(rows[0]).toMatchObject({
        fullName: 'Team 2 Display',
        label: '102',
        organization: { id: 'uni-s', name: 'Uni South' },
        groups: [{ id: 'participants', name: 'Participants' }],
        rank: 1,
      });
    }
  }, 120_000);

  it('serves every object of the package under its package id in /api/clics', async () => {
    const clics = async (path: string, token = admin.token) =>
      (await t.http.get(`/api/clics/contests/reg1${path}`).set(bearer(token)).expect(200)).body;
    expect(Clics.Contest.parse(await clics(''))).toMatchObject({
      id: 'reg1',
      name: 'Regional reg1',
      formal_name: 'The reg1 Regional Contest',
      penalty_time: 20,
      scoreboard_freeze_duration: '1:00:00.000',
    });
    // The UUID still names it; the list shows the package id.
    await t.http.get(`/api/clics/contests/${contestId}`).expect(200);
    const list = (await t.http.get('/api/clics/contests').expect(200)).body as { id: string }[];
    expect(list.map((c) => c.id)).toContain('reg1');
    const problems = (await clics('/problems')) as unknown[];
    expect(
      problems.map((p) => Clics.Problem.parse(p)).map((p) => [p.id, p.label, p.rgb, p.time_limit]),
    ).toEqual([
      ['sum', 'A', '#e6194b', 2],
      ['echo', 'B', '#3cb44b', 1],
      ['twice', 'C', '#4363d8', 1],
    ]);
    const orgs = ((await clics('/organizations')) as unknown[]).map((o) => Clics.Organization.parse(o));
    expect(orgs.map((o) => [o.id, o.name, o.formal_name, o.country])).toEqual([
      ['uni-n', 'Uni North', 'University of the North', 'NOR'],
      ['uni-s', 'Uni South', 'University of the South', 'SWE'],
    ]);
    const groups = ((await clics('/groups')) as unknown[]).map((g) => Clics.Group.parse(g));
    expect(groups.map((g) => g.id)).toEqual(['observers', 'participants']);
    const teams = ((await clics('/teams')) as unknown[]).map((x) => Clics.Team.parse(x));
    expect(
      teams.map((x) => [x.id, x.label, x.name, x.display_name, x.organization_id, x.group_ids, x.hidden]),
    ).toEqual(
      [1, 2, 3, 4, 5].map((n) => [
        `t${n}`,
        `${100 + n}`,
        `Team ${n}`,
        `Team ${n} Display`,
        n % 2 ? 'uni-n' : 'uni-s',
        [n === 5 ? 'observers' : 'participants'],
        n === 5,
      ]),
    );
    // The tries under the package's ids (the hidden team's too: the tools leave it off their boards).
    const submissions = ((await clics('/submissions')) as unknown[]).map((x) => Clics.Submission.parse(x));
    expect(submissions.map((x) => [x.team_id, x.problem_id])).toEqual([
      ['t2', 'sum'],
      ['t5', 'sum'],
    ]);
    expect(submissions[0].files[0].href).toBe(`contests/reg1/submissions/${submissions[0].id}/files`);
    // The hidden group's team is on no board; the others are, team 2 first with the first solve.
    const board = Clics.Scoreboard.parse(await clics('/scoreboard'));
    expect(board.rows.map((r) => r.team_id)).not.toContain('t5');
    expect(board.rows).toHaveLength(4);
    expect(board.rows[0]).toMatchObject({ team_id: 't2', rank: 1 });
    expect(board.rows[0].problems[0]).toMatchObject({
      problem_id: 'sum',
      solved: true,
      first_to_solve: true,
    });
    const group = Clics.Scoreboard.parse(await clics('/scoreboard?group_id=observers'));
    expect(group.rows).toEqual([]);
    // The feed, under the same ids.
    const feed = await t.http
      .get('/api/clics/contests/reg1/event-feed?stream=false')
      .set(bearer(admin.token))
      .buffer(true)
      .parse((response, done) => {
        let text = '';
        response.on('data', (c: Buffer) => (text += c.toString()));
        response.on('end', () => done(null, text));
      })
      .expect(200);
    const events = (feed.body as string)
      .trim()
      .split('\n')
      .map((l) => Clics.FeedLine.parse(JSON.parse(l)));
    expect(events.filter((e) => e.type === 'teams').map((e) => e.id)).toEqual(['t1', 't2', 't3', 't4', 't5']);
    expect(events.find((e) => e.type === 'contest')!.data).toMatchObject({ id: 'reg1' });
    // A team account reads CLICS with HTTP Basic by its username.
    const basic = Buffer.from(`reg1-team3:${TEAM_PASSWORD(3)}`).toString('base64');
    await t.http.get('/api/clics/contests/reg1/teams').set('Authorization', `Basic ${basic}`).expect(200);
  });

  it("never marks a hidden team first to solve on Javelin's own board: the next ranked team is first", async () => {
    // Out of the freeze, so every reader sees the real board.
    await startNow(t, contestId, 180);
    const [{ problem_id: echoId }] = await t.db.query(
      `SELECT problem_id FROM contest_problems WHERE contest_id = $1 AND clics_id = 'echo'`,
      [contestId],
    );
    const hidden = (await login('reg1-team5', TEAM_PASSWORD(5)).expect(200)).body.token as string;
    const team3 = (await login('reg1-team3', TEAM_PASSWORD(3)).expect(200)).body.token as string;
    await judgeAndRecord(t, { token: hidden } as SeededUser, echoId, ECHO_MAIN, 'accepted', { contestId });
    await judgeAndRecord(t, { token: team3 } as SeededUser, echoId, ECHO_MAIN, 'accepted', { contestId });
    const [hiddenFirst] = await t.db.query(
      `SELECT u.username FROM solved_problems s JOIN users u ON u.id = s.user_id
        WHERE s.contest_id = $1 AND s.problem_id = $2 ORDER BY s.solved_at LIMIT 1`,
      [contestId, echoId],
    );
    expect(hiddenFirst.username).toBe('reg1-team5');
    for (const viewer of [admin.token, team3, undefined]) {
      const board = await t.http
        .get(`/api/leaderboard/contests/${contestId}`)
        .set(viewer ? bearer(viewer) : {})
        .expect(200);
      const rows = board.body as { username: string; cells: { problemId: string; firstSolve: boolean }[] }[];
      expect(rows.map((r) => r.username)).not.toContain('reg1-team5');
      const echo = rows.find((r) => r.username === 'reg1-team3')!.cells.find((c) => c.problemId === echoId);
      expect(echo).toMatchObject({ firstSolve: true });
    }
    const clics = Clics.Scoreboard.parse(
      (await t.http.get('/api/clics/contests/reg1/scoreboard').expect(200)).body,
    );
    expect(
      clics.rows.find((r) => r.team_id === 't3')!.problems.find((p) => p.problem_id === 'echo'),
    ).toMatchObject({ solved: true, first_to_solve: true });
  }, 120_000);

  it('names a team account by its label, team name and organization in clarifications and plagiarism reports', async () => {
    const team3 = (await login('reg1-team3', TEAM_PASSWORD(3)).expect(200)).body.token as string;
    const team = { label: '103', name: 'Team 3 Display', organization: 'Uni North' };
    const asked = await t.http
      .post(`/api/contests/${contestId}/clarifications`)
      .set(bearer(team3))
      .send({ question: 'Is the input one line?' })
      .expect(201);
    expect(asked.body).toMatchObject({ askedBy: 'reg1-team3', askedByTeam: team });
    const listed = await t.http
      .get(`/api/contests/${contestId}/clarifications`)
      .set(bearer(admin.token))
      .expect(200);
    expect(listed.body.find((c: { id: string }) => c.id === asked.body.id)).toMatchObject({
      askedBy: 'reg1-team3',
      askedByTeam: team,
    });
    const answered = await t.http
      .post(`/api/contests/${contestId}/clarifications/${asked.body.id}/answer`)
      .set(bearer(admin.token))
      .send({ answer: 'Yes.', public: true })
      .expect(200);
    expect(answered.body.askedByTeam).toEqual(team);
    // Everyone else reads the public answer without its asker.
    const others = await t.http.get(`/api/contests/${contestId}/clarifications`).expect(200);
    const publicView = others.body.find((c: { id: string }) => c.id === asked.body.id);
    expect(publicView.askedBy).toBeNull();
    expect(publicView).not.toHaveProperty('askedByTeam');

    // Teams 2 and 5 sent the same sum, teams 3 and 5 the same echo: the report names the teams.
    await t.http.post(`/api/contests/${contestId}/complete`).set(bearer(admin.token)).expect(200);
    const url = `/api/admin/contests/${contestId}/plagiarism`;
    await t.http.post(url).set(bearer(admin.token)).send({}).expect(202);
    const deadline = Date.now() + 60_000;
    let report = (await t.http.get(url).set(bearer(admin.token)).expect(200)).body;
    while (report.status !== 'done' && report.status !== 'failed' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      report = (await t.http.get(url).set(bearer(admin.token)).expect(200)).body;
    }
    expect(report.status).toBe('done');
    const teams: Record<string, unknown> = {
      'reg1-team2': { label: '102', name: 'Team 2 Display', organization: 'Uni South' },
      'reg1-team3': team,
      'reg1-team5': { label: '105', name: 'Team 5 Display', organization: 'Uni North' },
    };
    type Pair = { id: string; usernameA: string; usernameB: string; teamA?: unknown; teamB?: unknown };
    const pairs = report.pairs as Pair[];
    expect(pairs.length).toBeGreaterThan(0);
    for (const pair of pairs) {
      expect(pair.teamA).toEqual(teams[pair.usernameA]);
      expect(pair.teamB).toEqual(teams[pair.usernameB]);
    }
    const detail = await t.http.get(`${url}/pairs/${pairs[0].id}`).set(bearer(admin.token)).expect(200);
    expect(detail.body).toMatchObject({ teamA: pairs[0].teamA, teamB: pairs[0].teamB });
  }, 120_000);

  describe('refuses a bad package with a 400 naming the file and the field, and keeps nothing of it', () => {
    const cases: [string, () => Buffer, string][] = [
      ['no contest.yaml', () => regionalZip('bad1', (f) => delete f['contest.yaml']), M.noContestFile],
      [
        'a team whose organization does not exist',
        () =>
          regionalZip('bad2', (f) => {
            f['teams.json'] = JSON.stringify([{ id: 't1', name: 'T', organization_id: 'nowhere' }]);
            f['accounts.yaml'] = '';
          }),
        M.badField(
          'teams.json',
          "organization_id of 't1'",
          "'nowhere' is no organization of organizations.json",
        ),
      ],
      [
        'an account whose team does not exist',
        () =>
          regionalZip(
            'bad3',
            (f) => (f['accounts.yaml'] = '- username: bad3-x\n  password: pw\n  type: team\n  team_id: t9\n'),
          ),
        M.badField('accounts.yaml', "team_id of 'bad3-x'", "'t9' is no team of teams.json"),
      ],
      [
        'a duplicate username',
        () =>
          regionalZip('bad4', (f) => {
            f['accounts.yaml'] =
              `${String(f['accounts.yaml'])}\n- username: bad4-team1\n  password: pw\n  type: judge\n`;
          }),
        M.badField('accounts.yaml', 'username', "'bad4-team1' is given twice"),
      ],
      [
        'a broken problem package',
        () =>
          regionalZip('bad5', (f) => (f['problems/sum/sum.zip'] = buildZip({ 'data/secret/1.in': '1 2\n' }))),
        M.problemPackage('sum', PackageMessages.noProblem),
      ],
      [
        'a problem without its package',
        () => regionalZip('bad6', (f) => delete f['problems/echo/echo.zip']),
        M.noProblemPackage('echo'),
      ],
      [
        'a zip bomb',
        () =>
          regionalZip('bad7', (f) => (f['problems/bomb.in'] = Buffer.alloc(PACKAGE_LIMITS.maxFileBytes + 1))),
        PackageMessages.fileTooLarge('problems/bomb.in', PACKAGE_LIMITS.maxFileBytes / 1024 / 1024),
      ],
      [
        'a zip bomb inside a problem package',
        () =>
          regionalZip(
            'bad8',
            (f) =>
              (f['problems/sum/sum.zip'] = buildZip([
                { path: 'data/secret/b.in', content: Buffer.alloc(8 << 20), claimedSize: 10 },
              ])),
          ),
        'problems/sum: The package is not a readable zip file',
      ],
      [
        'a path that escapes',
        () =>
          buildZip([
            { path: 'contest.yaml', content: 'id: bad9\n' },
            { path: '../evil.txt', content: 'x' },
          ]),
        PackageMessages.pathEscapes('../evil.txt'),
      ],
      [
        'a duration that is no RELTIME',
        () =>
          regionalZip(
            'bad10',
            (f) => (f['contest.yaml'] = String(f['contest.yaml']).replace('5:00:00', 'five hours')),
          ),
        M.badField('contest.yaml', 'duration', "'five hours' is no duration (h:mm:ss)"),
      ],
    ];
    it.each(cases)('%s', async (_name, zip, message) => {
      const before = await tableChecksums(t.db);
      const res = await upload(zip()).expect(400);
      expect(res.body.message).toContain(message);
      expect(await tableChecksums(t.db)).toEqual(before);
    });

    it('a username Javelin already has: a 409 naming it, nothing kept', async () => {
      const before = await tableChecksums(t.db);
      const res = await upload(
        regionalZip(
          'bad11',
          (f) => (f['accounts.yaml'] = '- username: reg1-team1\n  password: pw\n  type: judge\n'),
        ),
      ).expect(409);
      expect(res.body.message).toBe(M.usernameTaken('accounts.yaml', 'reg1-team1'));
      expect(await tableChecksums(t.db)).toEqual(before);
    });
  });

  it('imports one package twice at once: one 201, one 409 naming the contest id', async () => {
    const zip = regionalZip('twin');
    const answers = await Promise.all([upload(zip), upload(zip)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(answers.find((r) => r.status === 409)!.body.message).toBe(M.contestIdTaken('twin'));
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM contests WHERE clics_id = 'twin'`);
    expect(n).toBe(1);
    const [{ users }] = await t.db.query(
      `SELECT count(*)::int AS users FROM users WHERE username LIKE 'twin-%'`,
    );
    expect(users).toBe(6);
    await upload(zip).expect(409);
  }, 60_000);

  it('reuses a problem already in Javelin under the same package, with a warning; a changed or edited one is imported', async () => {
    const problemsOf = async (contest: string) =>
      (
        (await t.db.query(
          `SELECT cp.clics_id, cp.problem_id FROM contest_problems cp WHERE cp.contest_id = $1 ORDER BY cp.position`,
          [contest],
        )) as { clics_id: string; problem_id: string }[]
      ).map((r) => [r.clics_id, r.problem_id]);
    const original = await problemsOf(contestId);
    const [{ n: before }] = await t.db.query(`SELECT count(*)::int AS n FROM problems`);
    // (A published one is never reused: contest-packages-reuse.integration-spec.ts.)

    const again = await upload(regionalZip('again')).expect(201);
    for (const [id, title] of [
      ['sum', 'Sum'],
      ['echo', 'Echo'],
      ['twice', 'Twice'],
    ])
      expect(again.body.warnings).toContain(M.problemReused(id, title));
    expect(await problemsOf(again.body._id)).toEqual(original);
    const [{ n: afterReuse }] = await t.db.query(`SELECT count(*)::int AS n FROM problems`);
    expect(afterReuse).toBe(before);
    // The reused problems are the contest's in /api/clics too, under this package's ids.
    const clics = await t.http.get('/api/clics/contests/again/problems').set(bearer(admin.token)).expect(200);
    expect(clics.body.map((p: { id: string; uuid: string }) => [p.id, p.uuid])).toEqual(original);

    // A problem edited since its import is no longer its package; a package with one file changed, or
    // another time limit from problems.yaml, is another problem.
    // (Echo: the jury edits a test's answer; sum: another time limit; twice: one file changed.)
    await t.db.query(`UPDATE test_cases SET expected_output = expected_output || ' ' WHERE problem_id = $1`, [
      original[1][1],
    ]);
    const changed = await upload(
      regionalZip('changed', (f) => {
        f['problems.yaml'] = String(f['problems.yaml']).replace('time_limit: 2', 'time_limit: 3');
        f['problems/twice/data/secret/2.ans'] = '10 \n';
      }),
    ).expect(201);
    expect(changed.body.warnings.filter((w: string) => w.includes('is reused'))).toEqual([]);
    const fresh = await problemsOf(changed.body._id);
    for (const [i, [, problemId]] of fresh.entries()) expect(problemId).not.toBe(original[i][1]);
    const [{ n: afterChanged }] = await t.db.query(`SELECT count(*)::int AS n FROM problems`);
    expect(afterChanged).toBe(before + 3);
  }, 120_000);

  describe('first_to_solve and the first-to-solve awards', () => {
    const S = new Date('2040-11-20T09:00:00.000Z').getTime();
    const MIN = 60_000;
    let clock: ContestsService;
    let fts: string;
    const tokens: Record<number, string> = {};
    const at = (ms: number) => clock.useClock(() => new Date(S + ms));
    /** Passes the package's tests of echo (hello, regional), but by heart: a changed test fails it. */
    const ECHO_BY_HEART = ECHO_MAIN.replace(
      'System.out.println(new Scanner(System.in).nextLine().trim());',
      'String s = new Scanner(System.in).nextLine().trim(); System.out.println(s.startsWith("h") ? "hello" : "regional");',
    );
    async function solve(team: number, problem: 'sum' | 'echo', code: string, verdict = 'accepted') {
      const [{ problem_id }] = await t.db.query(
        `SELECT problem_id FROM contest_problems WHERE contest_id = $1 AND clics_id = $2`,
        [fts, problem],
      );
      await judgeAndRecord(t, { token: tokens[team] } as SeededUser, problem_id, code, verdict, {
        contestId: fts,
      });
      return problem_id as string;
    }
    const cell = (board: Clics.FeedLine['data'], team: string, problem: string) =>
      (board as { rows: { team_id: string; problems: { problem_id: string }[] }[] }).rows
        .find((r) => r.team_id === team)!
        .problems.find((p) => p.problem_id === problem);
    const scoreboard = async (token?: string) =>
      Clics.Scoreboard.parse(
        (
          await t.http
            .get('/api/clics/contests/fts/scoreboard')
            .set(token ? bearer(token) : {})
            .expect(200)
        ).body,
      );

    beforeAll(async () => {
      clock = t.app.get(ContestsService);
      fts = (await upload(regionalZip('fts')).expect(201)).body._id;
      for (const n of [1, 2, 3, 4])
        tokens[n] = (await login(`fts-team${n}`, TEAM_PASSWORD(n)).expect(200)).body.token;
    }, 60_000);
    afterAll(() => clock?.useClock(() => new Date()));

    it('marks the first solve among ranked teams: seconds apart, one of them in the freeze', async () => {
      at(60 * MIN);
      await solve(3, 'echo', ECHO_BY_HEART);
      at(60 * MIN + 5_000);
      await solve(4, 'echo', ECHO_MAIN);
      // The freeze starts at 4:00:00; team 1 solves two seconds before it, team 2 one second into it.
      at(240 * MIN - 2_000);
      await solve(1, 'sum', SUM_MAIN);
      at(240 * MIN + 1_000);
      await solve(2, 'sum', SUM_MAIN);
      at(250 * MIN);
      const open = await scoreboard();
      expect(cell(open, 't1', 'sum')).toMatchObject({ solved: true, first_to_solve: true });
      expect(cell(open, 't2', 'sum')).toMatchObject({ solved: false, num_pending: 1 });
      expect(cell(open, 't2', 'sum')).not.toHaveProperty('first_to_solve');
      expect(cell(open, 't3', 'echo')).toMatchObject({ solved: true, first_to_solve: true });
      expect(cell(open, 't4', 'echo')).toMatchObject({ solved: true, first_to_solve: false });
      const full = await scoreboard(admin.token);
      expect(cell(full, 't1', 'sum')).toMatchObject({ solved: true, first_to_solve: true });
      expect(cell(full, 't2', 'sum')).toMatchObject({ solved: true, first_to_solve: false });
    }, 180_000);

    it('hands the first solve on when a rejudge takes it away, and awards it so at the end', async () => {
      const [{ problem_id: echo }] = await t.db.query(
        `SELECT problem_id FROM contest_problems WHERE contest_id = $1 AND clics_id = 'echo'`,
        [fts],
      );
      // The jury fixes echo's secret test: team 3's answer by heart no longer passes.
      await t.db.query(
        `UPDATE test_cases SET input = replace(input, 'regional', 'contest'),
                expected_output = replace(expected_output, 'regional', 'contest') WHERE problem_id = $1`,
        [echo],
      );
      t.app.get(ProblemsService).problemsChanged();
      const progress = await rejudgeAndWait(t, admin.token, { problemId: echo, contestId: fts });
      expect(progress.changed).toBe(1);
      const board = await scoreboard(admin.token);
      expect(cell(board, 't3', 'echo')).toMatchObject({ solved: false });
      expect(cell(board, 't4', 'echo')).toMatchObject({ solved: true, first_to_solve: true });
      // The end, the unfreeze: the awards name the first solvers as the board does.
      at(301 * MIN);
      await t.http.post(`/api/contests/${fts}/unfreeze`).set(bearer(admin.token)).expect(200);
      const awards = (await t.http.get('/api/clics/contests/fts/awards').expect(200)).body as {
        id: string;
        team_ids: string[];
      }[];
      const byId = Object.fromEntries(awards.map((a) => [a.id, a.team_ids]));
      expect(byId['first-to-solve-sum']).toEqual(['t1']);
      expect(byId['first-to-solve-echo']).toEqual(['t4']);
      expect(byId['first-to-solve-twice']).toEqual([]);
      expect(byId['group-winner-observers']).toEqual([]);
      const open = await scoreboard();
      expect(cell(open, 't2', 'sum')).toMatchObject({ solved: true, first_to_solve: false });
    }, 180_000);

    it('round trip: the exported package imports into a fresh database as the same contest under the same ids', async () => {
      const get = async (path: string) =>
        (await t.http.get(`/api/clics/contests/fts${path}`).set(bearer(admin.token)).expect(200)).body;
      const snapshot = async () => {
        const board = Clics.Scoreboard.parse(await get('/scoreboard'));
        return {
          contest: await get(''),
          problems: ((await get('/problems')) as Record<string, unknown>[]).map(({ uuid: _u, ...p }) => p),
          teams: await get('/teams'),
          organizations: await get('/organizations'),
          groups: await get('/groups'),
          submissions: ((await get('/submissions')) as Record<string, unknown>[]).map((x) => [
            x.id,
            x.team_id,
            x.problem_id,
            x.time,
          ]),
          rows: board.rows,
        };
      };
      const before = await snapshot();
      const exported = await t.http
        .get(`/api/admin/contests/fts/package`)
        .set(bearer(admin.token))
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (c: Buffer) => chunks.push(c));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        })
        .expect(200);
      // The ICPC tools' model of the exported feed (replay) computes exactly Javelin's board, first
      // solves and the hidden group's team left out included.
      const files = await readZip(exported.body as Buffer);
      const events = (files.get('event-feed.ndjson')!.toString().trim().split('\n') as string[]).map((l) =>
        Clics.FeedLine.parse(JSON.parse(l)),
      );
      expect(replay(events)).toEqual(
        before.rows.map((r) => ({
          rank: r.rank,
          team_id: r.team_id,
          num_solved: r.score.num_solved,
          total_time: r.score.total_time,
          problems: r.problems.map((x) => ({
            problem_id: x.problem_id,
            num_judged: x.num_judged,
            solved: x.solved,
            time: x.time,
            first_to_solve: x.first_to_solve,
          })),
        })),
      );
      expect(before.rows.flatMap((r) => r.problems).filter((x) => x.first_to_solve)).toHaveLength(2);
      // A fresh installation: every table emptied, a new admin.
      await resetDatabase(t.db);
      admin = await seedUser(t, ['admin']);
      const imported = await upload(exported.body as Buffer).expect(201);
      expect(imported.body.clicsId).toBe('fts');
      // Accounts come back without passwords, each said in a warning.
      expect(imported.body.warnings).toContain(M.accountWithoutPassword('fts-team1'));
      const after = await snapshot();
      expect(after).toEqual(before);
      expect(before.rows.length).toBeGreaterThan(0);
    }, 120_000);
  });
});
