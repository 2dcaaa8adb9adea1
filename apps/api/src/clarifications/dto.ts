import {
  ANNOUNCEMENT_MAX_LENGTH,
  CLARIFICATION_ANSWER_MAX_LENGTH,
  CLARIFICATION_QUESTION_MAX_LENGTH,
} from '@javelin/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { Optional } from '../common/validation';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateAnnouncementDto {
  @Transform(trim)
  @IsString({ message: 'text is required' })
  @IsNotEmpty({ message: 'text is required' })
  @MaxLength(ANNOUNCEMENT_MAX_LENGTH, {
    message: `text must be at most ${ANNOUNCEMENT_MAX_LENGTH} characters`,
  })
  text!: string;
}

export class AskClarificationDto {
  @Optional()
  @IsUUID('all', { message: 'problemId must be a UUID' })
  problemId?: string;

  @Transform(trim)
  @IsString({ message: 'question is required' })
  @IsNotEmpty({ message: 'question is required' })
  @MaxLength(CLARIFICATION_QUESTION_MAX_LENGTH, {
    message: `question must be at most ${CLARIFICATION_QUESTION_MAX_LENGTH} characters`,
  })
  question!: string;
}

export class AnswerClarificationDto {
  @Transform(trim)
  @IsString({ message: 'answer is required' })
  @IsNotEmpty({ message: 'answer is required' })
  @MaxLength(CLARIFICATION_ANSWER_MAX_LENGTH, {
    message: `answer must be at most ${CLARIFICATION_ANSWER_MAX_LENGTH} characters`,
  })
  answer!: string;

  /** true: every participant reads the answer; false: only the asker (and admins). */
  @IsBoolean({ message: 'public must be true or false' })
  public!: boolean;
}
