import {
  CONTEST_FORMATS,
  ContestFormat,
  DEFAULT_CONTEST_FORMAT,
  DEFAULT_FREEZE_MINUTES,
  DEFAULT_MAX_PARTICIPANTS,
  DEFAULT_PENALTY_MINUTES,
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
  @IsString({ message: 'title is required' })
  @IsNotEmpty({ message: 'title is required' })
  @MaxLength(200)
  title!: string;

  @Optional()
  @IsString({ message: 'description must be a string' })
  @MaxLength(10_000)
  description?: string;

  @IsISO8601({ strict: true }, { message: 'startTime must be an ISO 8601 date-time' })
  startTime!: string;

  @IsISO8601({ strict: true }, { message: 'endTime must be an ISO 8601 date-time' })
  endTime!: string;

  @Optional()
  @Transform(({ value }) =>
    value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value,
  )
  @IsInt({ message: 'maxParticipants must be a whole number' })
  @Min(1, { message: 'maxParticipants must be at least 1' })
  @Max(1_000_000)
  maxParticipants: number = DEFAULT_MAX_PARTICIPANTS;

  @IsArray({ message: 'Please select at least one problem for the contest' })
  @ArrayMinSize(1, { message: 'Please select at least one problem for the contest' })
  @ArrayMaxSize(50)
  @IsUUID('all', { each: true, message: 'problemIds must contain problem UUIDs' })
  problemIds!: string[];

  @Optional()
  @IsIn(CONTEST_FORMATS, { message: 'format must be one of: points, icpc' })
  format: ContestFormat = DEFAULT_CONTEST_FORMAT;

  @Optional()
  @Transform(emptyToUndefinedNumber)
  @IsInt({ message: 'penaltyMinutes must be a whole number' })
  @Min(0, { message: 'penaltyMinutes must not be negative' })
  @Max(1_000, { message: 'penaltyMinutes must be at most 1000' })
  penaltyMinutes: number = DEFAULT_PENALTY_MINUTES;

  @Optional()
  @Transform(emptyToUndefinedNumber)
  @IsInt({ message: 'freezeMinutes must be a whole number' })
  @Min(0, { message: 'freezeMinutes must not be negative' })
  @Max(1_000_000, { message: 'freezeMinutes must not be longer than the contest' })
  freezeMinutes: number = DEFAULT_FREEZE_MINUTES;
}

export class LeaderboardQueryDto {
  @Optional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1, { message: 'limit must be at least 1' })
  @Max(1000, { message: 'limit must be at most 1000' })
  limit?: number;

  @Optional()
  @Transform(({ value }) => Number(value))
  @IsInt({ message: 'offset must be a whole number' })
  @Min(0, { message: 'offset must not be negative' })
  offset?: number;
}
