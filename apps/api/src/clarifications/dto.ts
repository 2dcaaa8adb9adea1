import {
  ANNOUNCEMENT_MAX_LENGTH,
  CLARIFICATION_ANSWER_MAX_LENGTH,
  CLARIFICATION_QUESTION_MAX_LENGTH,
  FieldSentences,
} from '@javelin/contracts';
import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { Optional } from '../common/validation';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class CreateAnnouncementDto {
  @Transform(trim)
  @IsString({ message: FieldSentences.isRequired('text') })
  @IsNotEmpty({ message: FieldSentences.isRequired('text') })
  @MaxLength(ANNOUNCEMENT_MAX_LENGTH, {
    message: FieldSentences.atMostCharacters('text', ANNOUNCEMENT_MAX_LENGTH),
  })
  text!: string;
}

export class AskClarificationDto {
  @Optional()
  @IsUUID('all', { message: FieldSentences.uuid('problemId') })
  problemId?: string;

  @Transform(trim)
  @IsString({ message: FieldSentences.isRequired('question') })
  @IsNotEmpty({ message: FieldSentences.isRequired('question') })
  @MaxLength(CLARIFICATION_QUESTION_MAX_LENGTH, {
    message: FieldSentences.atMostCharacters('question', CLARIFICATION_QUESTION_MAX_LENGTH),
  })
  question!: string;
}

export class AnswerClarificationDto {
  @Transform(trim)
  @IsString({ message: FieldSentences.isRequired('answer') })
  @IsNotEmpty({ message: FieldSentences.isRequired('answer') })
  @MaxLength(CLARIFICATION_ANSWER_MAX_LENGTH, {
    message: FieldSentences.atMostCharacters('answer', CLARIFICATION_ANSWER_MAX_LENGTH),
  })
  answer!: string;

  /** true: every participant reads the answer; false: only the asker (and admins). */
  @IsBoolean({ message: FieldSentences.trueOrFalse('public') })
  public!: boolean;
}
