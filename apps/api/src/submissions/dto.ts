import { SUBMISSIONS_PAGE_MAX, type SolveBody, type SubmissionBody } from '@javelin/contracts';
import { Transform } from 'class-transformer';
import { IsInt, IsUUID, Max, Min } from 'class-validator';
import { Optional } from '../common/validation';

/** PostgreSQL's OFFSET takes a bigint; far past any history, and a clear 400 instead of a database error. */
const OFFSET_MAX = 1_000_000_000;

/** POST /api/submissions and POST /api/solve are checked by the schemas shared with the web (libs/contracts). */
export type SubmissionDto = SubmissionBody;
export type SolveDto = SolveBody;

/** GET /api/submissions: the caller's submits, optionally for one problem or contest, a page at a time. */
export class SubmissionHistoryQueryDto {
  @Optional()
  @IsUUID('all', { message: 'problemId must be a UUID' })
  problemId?: string;

  @Optional()
  @IsUUID('all', { message: 'contestId must be a UUID' })
  contestId?: string;

  @Optional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(SUBMISSIONS_PAGE_MAX, { message: `limit must be at most ${SUBMISSIONS_PAGE_MAX}` })
  limit?: number;

  @Optional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0, { message: 'offset must not be negative' })
  @Max(OFFSET_MAX, { message: `offset must be at most ${OFFSET_MAX}` })
  offset?: number;
}
