import { SUBMISSIONS_PAGE_MAX } from '@javelin/contracts';
import { Transform, Type } from 'class-transformer';
import { IsInt, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { JavaCodeDto } from '../execution/dto';
import { Optional } from '../common/validation';

/** PostgreSQL's OFFSET takes a bigint; far past any history, and a clear 400 instead of a database error. */
const OFFSET_MAX = 1_000_000_000;

export class SubmissionDto extends JavaCodeDto {
  @Optional()
  @IsUUID('all', { message: 'contestId must be a UUID' })
  contestId?: string | null;

  /** What the client believes; the server records its own judgement instead. */
  @Optional()
  @IsString()
  @MaxLength(32)
  status?: string;

  @Optional()
  @Type(() => Number)
  @IsInt({ message: 'testCasesPassed must be a whole number' })
  @Min(0)
  @Max(10_000)
  testCasesPassed?: number;

  @Optional()
  @Type(() => Number)
  @IsInt({ message: 'totalTestCases must be a whole number' })
  @Min(0)
  @Max(10_000)
  totalTestCases?: number;
}

export class SolveDto {
  @IsUUID('all', { message: 'problemId must be a UUID' })
  problemId!: string;

  @IsUUID('all', { message: 'submissionId must be a UUID' })
  submissionId!: string;

  @Optional()
  @IsUUID('all', { message: 'contestId must be a UUID' })
  contestId?: string | null;
}

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
