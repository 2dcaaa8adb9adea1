import { MAX_CODE_BYTES } from '@javelin/contracts';
import {
  Equals,
  IsBoolean,
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

export class ExecuteCodeDto extends JavaCodeDto {
  @Optional()
  @IsBoolean({ message: 'runAllTestCases must be true or false' })
  runAllTestCases?: boolean;

  @Optional()
  @IsUUID('all', { message: 'contestId must be a UUID' })
  contestId?: string;
}
