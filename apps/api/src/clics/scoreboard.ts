import type { ScoreboardCell } from '@javelin/contracts';
import { compareStandings, type StandingKey } from '../contests/ranking';
import type { ClicsProblemRow, ClicsTeamRow } from './clics-rows';

/** One team's standing as the board keeps it (no row yet: nothing counted). */
export interface TeamStanding {
  team: ClicsTeamRow;
  key: StandingKey;
  cells: ScoreboardCell[];
}

export interface ScoreboardRow {
  rank: number;
  team_id: string;
  score: { num_solved: number; total_time: number; time: number };
  problems: {
    problem_id: string;
    num_judged: number;
    num_pending: number;
    solved: boolean;
    time?: number;
    /** Solved cells only: the first solve of the problem among the ranked teams. */
    first_to_solve?: boolean;
  }[];
}

const NAME_ORDER = new Intl.Collator('en-US');
const teamName = (t: ClicsTeamRow) => t.fullName || t.username;

/**
 * The spec's scoreboard rows: ranked by the ICPC rule (one rank for teams it cannot tell apart),
 * alphabetical within a rank; every problem listed for every team.
 */
export function scoreboardRows(
  problems: ClicsProblemRow[],
  standings: TeamStanding[],
  firsts: Map<string, string[]>,
): ScoreboardRow[] {
  // The board's keys count the last solve in whole contest minutes (ranking.ts contestMinute, 2023-06
  // CCS requirements, Scoring 1, 5 and 6), as the ICPC tools rank: two last solves in one minute tie.
  const sorted = [...standings].sort(
    (a, b) =>
      compareStandings('icpc', a.key, b.key) || NAME_ORDER.compare(teamName(a.team), teamName(b.team)),
  );
  let rank = 0;
  return sorted.map((s, i) => {
    if (i === 0 || compareStandings('icpc', sorted[i - 1].key, s.key) !== 0) rank = i + 1;
    const byProblem = new Map(s.cells.map((cell) => [cell.problemId, cell]));
    return {
      rank,
      team_id: s.team.id,
      score: {
        num_solved: s.key.problemsSolved,
        total_time: s.key.penalty ?? 0,
        time: s.key.lastAt ?? 0,
      },
      problems: problems.map((p) => {
        const cell = byProblem.get(p.id);
        const solved = cell?.acceptedAtMinutes != null;
        return {
          problem_id: p.clicsId,
          num_judged: (cell?.attempts ?? 0) + (solved ? 1 : 0),
          num_pending: cell?.pending ?? 0,
          solved,
          ...(solved
            ? {
                time: cell!.acceptedAtMinutes!,
                first_to_solve: !!firsts.get(p.id)?.includes(s.team.id),
              }
            : {}),
        };
      }),
    };
  });
}

export interface Award {
  id: string;
  citation: string;
  team_ids: string[];
}

/**
 * The awards of a final scoreboard, as the spec names them: the winner, medals by rank (gold first;
 * teams tied on a rank share its medal), first to solve each problem, and each group's winner. Only
 * teams that solved something are awarded.
 */
export function awardsOf(
  rows: ScoreboardRow[],
  problems: ClicsProblemRow[],
  firstSolvers: Map<string, string[]>,
  groups: { id: string; name: string; teamIds: Set<string> }[],
  medals: { gold: number; silver: number; bronze: number },
): Award[] {
  const scored = rows.filter((r) => r.score.num_solved > 0);
  const ranked = (from: number, to: number) =>
    scored.filter((r) => r.rank > from && r.rank <= to).map((r) => r.team_id);
  const { gold, silver, bronze } = medals;
  const awards: Award[] = [
    { id: 'winner', citation: 'Contest winner', team_ids: ranked(0, 1) },
    { id: 'gold-medal', citation: 'Gold medal winner', team_ids: ranked(0, gold) },
    { id: 'silver-medal', citation: 'Silver medal winner', team_ids: ranked(gold, gold + silver) },
    {
      id: 'bronze-medal',
      citation: 'Bronze medal winner',
      team_ids: ranked(gold + silver, gold + silver + bronze),
    },
  ];
  const teamIds = new Set(rows.map((r) => r.team_id));
  for (const p of problems) {
    awards.push({
      id: `first-to-solve-${p.clicsId}`,
      citation: `First to solve problem ${p.title}`,
      team_ids: (firstSolvers.get(p.id) ?? []).filter((id) => teamIds.has(id)),
    });
  }
  for (const g of groups) {
    const members = scored.filter((r) => g.teamIds.has(r.team_id));
    const best = members[0]?.rank;
    awards.push({
      id: `group-winner-${g.id}`,
      citation: `Winner of ${g.name}`,
      team_ids: members.filter((r) => r.rank === best).map((r) => r.team_id),
    });
  }
  return awards;
}
