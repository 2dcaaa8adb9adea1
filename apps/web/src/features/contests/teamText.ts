import type { ContestTeam } from '@javelin/contracts';

/** A contest package's team (issue 43) as the boards name it: "label · name (organization)". */
export function teamText(team: ContestTeam): string {
  const label = team.label ? `${team.label} · ` : '';
  const organization = team.organization ? ` (${team.organization})` : '';
  return `${label}${team.name}${organization}`;
}

/** An account as plagiarism reports and clarifications show it: its team first, when it is a team's. */
export function accountText(username: string, team?: ContestTeam): string {
  return team ? `${teamText(team)} @${username}` : `@${username}`;
}
