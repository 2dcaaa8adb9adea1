import { IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';

export class EventFeedQueryDto {
  /** The token of the last event received: the feed resumes after it. */
  @IsOptional()
  @IsString()
  @MaxLength(60)
  since_token?: string;

  /** false: the events so far, then the response ends; true (the default): keep streaming. */
  @IsOptional()
  @IsIn(['true', 'false'])
  stream?: 'true' | 'false';
}

export class ScoreboardQueryDto {
  /** A group's id: the scoreboard of its teams, ranked among themselves. */
  @IsOptional()
  @IsString()
  @Matches(/^[a-zA-Z0-9_][a-zA-Z0-9_.-]{0,35}$/)
  group_id?: string;
}
