import { FieldSentences, MAX_CODE_BYTES, type ExecuteCodeBody } from '@javelin/contracts';
import {
  Equals,
  IsObject,
  IsString,
  IsUUID,
  Validate,
  ValidatorConstraint,
  ValidatorConstraintInterface,
} from 'class-validator';
import { Optional } from '../common/validation';

@ValidatorConstraint({ name: 'maxBytes' })
export class MaxCodeBytes implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return typeof value === 'string' && Buffer.byteLength(value, 'utf8') <= MAX_CODE_BYTES;
  }
  defaultMessage(): string {
    return FieldSentences.codeTooLarge;
  }
}

/** Java source for a problem: what run, submit, analysis and debug help all start from. */
export class JavaCodeDto {
  @IsString({ message: FieldSentences.isRequired('code') })
  @Validate(MaxCodeBytes)
  code!: string;

  @Equals('java', { message: FieldSentences.languageJava })
  language!: 'java';

  @IsUUID('all', { message: FieldSentences.uuid('problemId') })
  problemId!: string;
}

/** POST /api/execute-code is checked by the schema shared with the web (libs/contracts). */
export type ExecuteCodeDto = ExecuteCodeBody;

/** Bounds of a custom run's input map: a problem has a handful of variables, each one line or one array. */
export const CUSTOM_INPUT_MAX_KEYS = 50;
export const CUSTOM_INPUT_MAX_CHARS = 100_000;

@ValidatorConstraint({ name: 'stringMap' })
export class StringMap implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
    const entries = Object.entries(value);
    return (
      entries.length <= CUSTOM_INPUT_MAX_KEYS &&
      entries.every(([, v]) => typeof v === 'string' && v.length <= CUSTOM_INPUT_MAX_CHARS)
    );
  }
  defaultMessage(): string {
    return FieldSentences.customInputValues(CUSTOM_INPUT_MAX_KEYS, CUSTOM_INPUT_MAX_CHARS);
  }
}

export class RunCustomDto extends JavaCodeDto {
  @Optional()
  @IsUUID('all', { message: FieldSentences.uuid('contestId') })
  contestId?: string;

  @Validate(StringMap)
  @IsObject({ message: FieldSentences.customInputs })
  inputs!: Record<string, string>;
}
