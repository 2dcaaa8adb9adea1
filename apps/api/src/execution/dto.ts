import { MAX_CODE_BYTES, type ExecuteCodeBody } from '@javelin/contracts';
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
    return 'code must be at most 64 KiB';
  }
}

/** Java source for a problem: what run, submit, analysis and debug help all start from. */
export class JavaCodeDto {
  @IsString({ message: 'code is required' })
  @Validate(MaxCodeBytes)
  code!: string;

  @Equals('java', { message: 'language must be java' })
  language!: 'java';

  @IsUUID('all', { message: 'problemId must be a UUID' })
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
    return `inputs must map each input variable's name to a string value (at most ${CUSTOM_INPUT_MAX_KEYS} values of ${CUSTOM_INPUT_MAX_CHARS} characters)`;
  }
}

export class RunCustomDto extends JavaCodeDto {
  @Optional()
  @IsUUID('all', { message: 'contestId must be a UUID' })
  contestId?: string;

  @Validate(StringMap)
  @IsObject({ message: 'inputs must be an object of input values' })
  inputs!: Record<string, string>;
}
