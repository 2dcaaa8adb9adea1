/** The CLICS routes' queries, checked by their schemas in libs/contracts (clics.ts). */
export type {
  EventFeedQuery as EventFeedQueryDto,
  ScoreboardQuery as ScoreboardQueryDto,
} from '@javelin/contracts';
