import { describe, expect, it } from 'vitest';
import type { ContestLeaderboardEntry } from '@javelin/contracts';
import { z } from 'zod';
import { bearer, seedUser, type SeededUser } from './support/app';
import { scriptedContest } from './support/scripted-contest';
import * as Clics from './contract/clics-schemas';

/** Minute `m` and `s` seconds of the contest, as the script's minutes. */
const at = (m: number, s = 0) => m + s / 60;

/**
 * The ICPC rule's last-accept tie-break counts whole contest minutes (2023-06 CCS requirements,
 * Scoring 1, 5 and 6), on Javelin's board as on its CLICS scoreboard and in the rating's places:
 * two last accepts 20 s apart in one minute tie and share a rank; 70 s apart across a minute
 * boundary they are ordered. Every try is a real submit through the real judge.
 */
describe('ICPC ties on the last accept, in whole contest minutes', () => {
  const script = scriptedContest();

  it('gives one rank to equal teams whose last accepts fall in one minute, on every board', async () => {
    const { t, problems } = script.s;
    const { A, B, C } = problems;
    const [xena, yuri, uma, vic, wes, pia] = await Promise.all(Array.from({ length: 6 }, () => seedUser(t)));
    const start = new Date('2033-04-01T09:00:00.000Z');
    // Five hours, the last hour frozen: the freeze starts at minute 240.
    const contestId = await script.newContest(
      start,
      5,
      { format: 'icpc', freezeMinutes: 60, penaltyMinutes: 20 },
      [xena, yuri, uma, vic, wes, pia],
    );
    await script.play(start, contestId, [
      [at(10), xena, A, 'AC'],
      [at(10, 10), yuri, A, 'AC'],
      [at(11), vic, A, 'AC'],
      [at(12), uma, A, 'AC'],
      [at(20), wes, A, 'AC'],
      // 20 s apart in minute 30: xena and yuri have 2 solved, 10 + 30 = 40 minutes, last solve minute 30.
      [at(30, 5), xena, B, 'AC'],
      [at(30, 25), yuri, B, 'AC'],
      // 70 s apart across a minute: uma 12 + 40 = 52, last minute 40; vic 11 + 41 = 52, last minute 41.
      [at(40, 10), uma, B, 'AC'],
      [at(41, 20), vic, B, 'AC'],
      // In the freeze: pia solves all three (only she sees them before the unfreeze).
      [at(241), pia, A, 'AC'],
      [at(242), pia, B, 'AC'],
      [at(243), pia, C, 'AC'],
    ]);
    const board = async (token?: string): Promise<ContestLeaderboardEntry[]> => {
      const req = t.http.get(`/api/leaderboard/contests/${contestId}`);
      if (token) req.set(bearer(token));
      return (await req.expect(200)).body;
    };
    const byId = (a: SeededUser, b: SeededUser) => (a.id < b.id ? [a, b] : [b, a]);
    const [firstTied, secondTied] = byId(xena, yuri);
    const ranked = (entries: ContestLeaderboardEntry[]) =>
      entries.map((e) => [e.username, e.rank, e.problemsSolved, e.penalty]);

    // Everyone: xena and yuri share rank 1 (ordered by user id), uma is ahead of vic, pia's tries pending.
    expect(ranked(await board())).toEqual([
      [firstTied.username, 1, 2, 40],
      [secondTied.username, 1, 2, 40],
      [uma.username, 3, 2, 52],
      [vic.username, 4, 2, 52],
      [wes.username, 5, 1, 20],
      [pia.username, 6, 0, 0],
    ]);
    // Pia sees her own three solves: she passes the tie, which still shares one rank below her.
    expect(ranked(await board(pia.token))).toEqual([
      [pia.username, 1, 3, 241 + 242 + 243],
      [firstTied.username, 2, 2, 40],
      [secondTied.username, 2, 2, 40],
      [uma.username, 4, 2, 52],
      [vic.username, 5, 2, 52],
      [wes.username, 6, 1, 20],
    ]);

    // The CLICS scoreboard ranks them alike (alphabetically within a rank), its `time` the last solve's minute.
    const clics = (path: string) => t.http.get(`/api/clics/contests/${contestId}${path}`).expect(200);
    const teams = z.array(Clics.Team).parse((await clics('/teams')).body);
    const username = new Map(teams.map((team) => [team.id, team.name.replace(/^User /, '')]));
    const scoreboard = Clics.Scoreboard.parse((await clics('/scoreboard')).body);
    const names = [xena, yuri].map((u) => u.username).sort();
    expect(
      scoreboard.rows.map((r) => [
        username.get(r.team_id),
        r.rank,
        r.score.num_solved,
        r.score.total_time,
        r.score.time,
      ]),
    ).toEqual([
      [names[0], 1, 2, 40, 30],
      [names[1], 1, 2, 40, 30],
      [uma.username, 3, 2, 52, 40],
      [vic.username, 4, 2, 52, 41],
      [wes.username, 5, 1, 20, 20],
      [pia.username, 6, 0, 0, 0],
    ]);

    // After the contest: the unfreeze rates it, and the tied pair shares its place in the rating changes too.
    script.at(start, 5 * 60 + 1);
    await t.http.post(`/api/contests/${contestId}/unfreeze`).set(bearer(script.s.admin.token)).expect(200);
    const places: { user_id: string; rank: number }[] = await t.db.query(
      `SELECT user_id, rank FROM rating_changes WHERE contest_id = $1`,
      [contestId],
    );
    const placeOf = new Map(places.map((p) => [p.user_id, p.rank]));
    expect([pia, xena, yuri, uma, vic, wes].map((u) => placeOf.get(u.id))).toEqual([1, 2, 2, 4, 5, 6]);
    expect(ranked(await board())).toEqual([
      [pia.username, 1, 3, 726],
      [firstTied.username, 2, 2, 40],
      [secondTied.username, 2, 2, 40],
      [uma.username, 4, 2, 52],
      [vic.username, 5, 2, 52],
      [wes.username, 6, 1, 20],
    ]);
  }, 300_000);
});
