import { ContestPackageMessages as M, PackageMessages, PACKAGE_LIMITS } from '@javelin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, type SeededUser } from './support/app';
import { startNow } from './support/contests';
import { regionalZip, SUM_MAIN, TEAM_PASSWORD } from './support/contest-package';
import { tableChecksums } from './support/db-checksum';
import { startJudgedApp, type JudgedApp } from './support/judged-app';
import { buildZip } from './support/zip';

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
    const judged = await t.http
      .post('/api/execute-code')
      .set(bearer(token))
      .send({ code: SUM_MAIN, language: 'java', problemId: sumId, runAllTestCases: true, contestId })
      .expect(200);
    expect(judged.body.verdict).toBe('accepted');
    const board = await t.http
      .get(`/api/leaderboard/contests/${contestId}`)
      .set(bearer(admin.token))
      .expect(200);
    const row = (board.body as { fullName?: string; username?: string; problemsSolved?: number }[]).find(
      (r) => r.username === 'reg1-team2',
    );
    expect(row).toMatchObject({ fullName: 'Team 2 Display' });
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
});
