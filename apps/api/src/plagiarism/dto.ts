import { IsNumber, Max, Min } from 'class-validator';
import { Optional } from '../common/validation';

export class StartPlagiarismDto {
  /** Pairs at least this similar (0.1..1) are reported; the default is PLAGIARISM_DEFAULT_THRESHOLD. */
  @Optional()
  @IsNumber({}, { message: 'threshold must be a number' })
  @Min(0.1, { message: 'threshold must be at least 0.1' })
  @Max(1, { message: 'threshold must be at most 1' })
  threshold?: number;
}
