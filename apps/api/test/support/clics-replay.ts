import type * as Clics from '../contract/clics-schemas';

/**
 * ICPC ranking worked out from the event feed alone, by the rules the feed states: per team and
 * problem, the first submission judged `solved` counts, with penalty_time for each earlier judgement
 * whose type has `penalty`; more solved first, then less time, then the earlier last solve (in whole
 * contest minutes, as the 2023-06 CCS requirements and the ICPC tools' model have it); teams
 * equal on all three share a rank, and are listed by name. Hidden teams (by themselves or any of
 * their groups) are left out. A solved cell's first_to_solve follows the ICPC tools' contest model
 * (read in icpctools' ContestModel, not copied): submissions in time order (the feed's order for
 * equal times), per problem the first one of a team not hidden that is judged solved is the first
 * solve; one not judged yet holds it back; a rejected one passes it on.
 */
export function replay(events: Clics.FeedLine[]) {
  const latest = new Map<string, unknown>();
  for (const e of events) latest.set(`${e.type}/${e.id ?? ''}`, e.data);
  const all = <T>(type: string) =>
    [...latest.entries()].filter(([k, v]) => k.startsWith(`${type}/`) && v !== null).map(([, v]) => v as T);
  const contest = latest.get('contest/') as { start_time: string; penalty_time: number };
  const startMs = Date.parse(contest.start_time);
  const types = new Map(
    all<{ id: string; penalty: boolean; solved: boolean }>('judgement-types').map((j) => [j.id, j]),
  );
  const problems = all<{ id: string; ordinal: number }>('problems').sort((a, b) => a.ordinal - b.ordinal);
  const hiddenGroups = new Set(
    all<{ id: string; hidden?: boolean }>('groups')
      .filter((g) => g.hidden)
      .map((g) => g.id),
  );
  const teams = all<{ id: string; name: string; hidden?: boolean; group_ids: string[] }>('teams').filter(
    (t) => !t.hidden && !t.group_ids.some((g) => hiddenGroups.has(g)),
  );
  const ranked = new Set(teams.map((t) => t.id));
  const verdictOf = new Map(
    all<{ submission_id: string; judgement_type_id: string }>('judgements').map((j) => [
      j.submission_id,
      j.judgement_type_id,
    ]),
  );
  const submissions = all<{ id: string; team_id: string; problem_id: string; time: string }>(
    'submissions',
  ).sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const firsts = new Map<string, string | null>();
  for (const s of submissions) {
    if (firsts.has(s.problem_id) || !ranked.has(s.team_id)) continue;
    const type = verdictOf.get(s.id);
    if (type === undefined) firsts.set(s.problem_id, null);
    else if (types.get(type)!.solved) firsts.set(s.problem_id, s.id);
  }
  const rows = teams.map((team) => {
    let solved = 0;
    let total = 0;
    let last = -Infinity;
    const cells = problems.map((p) => {
      let rejected = 0;
      for (const s of submissions.filter((x) => x.team_id === team.id && x.problem_id === p.id)) {
        const verdict = verdictOf.get(s.id);
        if (verdict === undefined) continue;
        const type = types.get(verdict)!;
        if (type.solved) {
          const at = Date.parse(s.time);
          const minute = Math.floor((at - startMs) / 60_000);
          solved++;
          total += minute + rejected * contest.penalty_time;
          last = Math.max(last, minute);
          return {
            problem_id: p.id,
            num_judged: rejected + 1,
            solved: true,
            time: minute,
            first_to_solve: firsts.get(p.id) === s.id,
          };
        }
        if (type.penalty) rejected++;
      }
      return {
        problem_id: p.id,
        num_judged: rejected,
        solved: false,
        time: undefined,
        first_to_solve: undefined,
      };
    });
    return { team, solved, total, last, cells };
  });
  const compare = (a: (typeof rows)[number], b: (typeof rows)[number]) =>
    b.solved - a.solved || a.total - b.total || (a.last === b.last ? 0 : a.last < b.last ? -1 : 1);
  rows.sort((a, b) => compare(a, b) || a.team.name.localeCompare(b.team.name, 'en-US'));
  let rank = 0;
  return rows.map((r, i) => {
    if (i === 0 || compare(rows[i - 1], r) !== 0) rank = i + 1;
    return {
      rank,
      team_id: r.team.id,
      num_solved: r.solved,
      total_time: r.total,
      problems: r.cells,
    };
  });
}
