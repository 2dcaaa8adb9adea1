/** A new contest and a leaderboard's page, checked by their schemas in libs/contracts (contests.ts). */
export type {
  CreateContestBody as CreateContestDto,
  LeaderboardQuery as LeaderboardQueryDto,
} from '@javelin/contracts';
