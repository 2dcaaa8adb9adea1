import { DEFAULT_MAX_PARTICIPANTS } from '@javelin/contracts';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Optional } from '../common/validation';

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
