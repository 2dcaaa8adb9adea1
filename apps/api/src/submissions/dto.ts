import {
  FieldSentences,
  SUBMISSIONS_PAGE_MAX,
  type SolveBody,
  type SubmissionBody,
} from '@javelin/contracts';
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
  @IsUUID('all', { message: FieldSentences.uuid('problemId') })
  problemId?: string;

  @Optional()
  @IsUUID('all', { message: FieldSentences.uuid('contestId') })
  contestId?: string;

  @Optional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: FieldSentences.wholeNumber('limit') })
  @Min(1, { message: FieldSentences.atLeast('limit', 1) })
  @Max(SUBMISSIONS_PAGE_MAX, { message: FieldSentences.atMost('limit', SUBMISSIONS_PAGE_MAX) })
  limit?: number;

  @Optional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: FieldSentences.wholeNumber('offset') })
  @Min(0, { message: FieldSentences.notNegative('offset') })
  @Max(OFFSET_MAX, { message: FieldSentences.atMost('offset', OFFSET_MAX) })
  offset?: number;
}
