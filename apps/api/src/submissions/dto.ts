import { Type } from 'class-transformer';
import { IsInt, IsString, IsUUID, Max, MaxLength, Min } from 'class-validator';
import { JavaCodeDto } from '../execution/dto';
import { Optional } from '../common/validation';

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
