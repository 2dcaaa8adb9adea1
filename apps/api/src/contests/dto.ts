import {
  CONTEST_FORMATS,
  ContestFormat,
  DEFAULT_CONTEST_FORMAT,
  DEFAULT_FREEZE_MINUTES,
  DEFAULT_MAX_PARTICIPANTS,
  DEFAULT_PENALTY_MINUTES,
  FieldSentences,
} from '@javelin/contracts';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Optional } from '../common/validation';

const emptyToUndefinedNumber = ({ value }: { value: unknown }) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value;

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateContestDto {
  @Transform(trim)
  @IsString({ message: FieldSentences.isRequired('title') })
  @IsNotEmpty({ message: FieldSentences.isRequired('title') })
  @MaxLength(200)
  title!: string;

  @Optional()
  @IsString({ message: FieldSentences.mustBeString('description') })
  @MaxLength(10_000)
  description?: string;

  @IsISO8601({ strict: true }, { message: FieldSentences.isoDateTime('startTime') })
  startTime!: string;

  @IsISO8601({ strict: true }, { message: FieldSentences.isoDateTime('endTime') })
  endTime!: string;

  @Optional()
  @Transform(({ value }) =>
    value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value,
  )
  @IsInt({ message: FieldSentences.wholeNumber('maxParticipants') })
  @Min(1, { message: FieldSentences.atLeast('maxParticipants', 1) })
  @Max(1_000_000)
  maxParticipants: number = DEFAULT_MAX_PARTICIPANTS;

  @IsArray({ message: FieldSentences.atLeastOneContestProblem })
  @ArrayMinSize(1, { message: FieldSentences.atLeastOneContestProblem })
  @ArrayMaxSize(50)
  @IsUUID('all', { each: true, message: FieldSentences.problemIdsUuids })
  problemIds!: string[];

  @Optional()
  @IsIn(CONTEST_FORMATS, { message: FieldSentences.oneOf('format', CONTEST_FORMATS) })
  format: ContestFormat = DEFAULT_CONTEST_FORMAT;

  @Optional()
  @Transform(emptyToUndefinedNumber)
  @IsInt({ message: FieldSentences.wholeNumber('penaltyMinutes') })
  @Min(0, { message: FieldSentences.notNegative('penaltyMinutes') })
  @Max(1_000, { message: FieldSentences.atMost('penaltyMinutes', 1_000) })
  penaltyMinutes: number = DEFAULT_PENALTY_MINUTES;

  @Optional()
  @Transform(emptyToUndefinedNumber)
  @IsInt({ message: FieldSentences.wholeNumber('freezeMinutes') })
  @Min(0, { message: FieldSentences.notNegative('freezeMinutes') })
  @Max(1_000_000, { message: FieldSentences.freezeLongerThanContest })
  freezeMinutes: number = DEFAULT_FREEZE_MINUTES;
}

export class LeaderboardQueryDto {
  @Optional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: FieldSentences.wholeNumber('limit') })
  @Min(1, { message: FieldSentences.atLeast('limit', 1) })
  @Max(1000, { message: FieldSentences.atMost('limit', 1000) })
  limit?: number;

  @Optional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: FieldSentences.wholeNumber('offset') })
  @Min(0, { message: FieldSentences.notNegative('offset') })
  offset?: number;
}
