import { FieldSentences } from '@javelin/contracts';
import { IsNumber, Max, Min } from 'class-validator';
import { Optional } from '../common/validation';

/** Pairs less alike than this are noise: a shared boilerplate alone reaches it. */
const PLAGIARISM_MIN_THRESHOLD = 0.1;

export class StartPlagiarismDto {
  /** Pairs at least this similar (0.1..1) are reported; the default is PLAGIARISM_DEFAULT_THRESHOLD. */
  @Optional()
  @IsNumber({}, { message: FieldSentences.mustBeNumber('threshold') })
  @Min(PLAGIARISM_MIN_THRESHOLD, { message: FieldSentences.atLeast('threshold', PLAGIARISM_MIN_THRESHOLD) })
  @Max(1, { message: FieldSentences.atMost('threshold', 1) })
  threshold?: number;
}
