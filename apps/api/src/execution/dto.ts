import { FieldSentences, javaSourceSchema, type ExecuteCodeBody } from '@javelin/contracts';
import {
  Equals,
  IsObject,
  IsUUID,
  Validate,
  ValidatorConstraint,
  type ValidationArguments,
  ValidatorConstraintInterface,
} from 'class-validator';
import { Optional } from '../common/validation';

/** What is wrong with `value` as a `code` field, in the shared rule's sentence; nothing when it is fine. */
function javaSourceProblem(value: unknown): string | undefined {
  // A required DTO field answers null as it answers a missing one ("code is required"), like its neighbours.
  const checked = javaSourceSchema.safeParse(value ?? undefined);
  return checked.success ? undefined : checked.error.issues[0]?.message;
}

/** `code` checked by the rule execute-code and submissions use (libs/contracts javaSourceSchema). */
@ValidatorConstraint({ name: 'javaSource' })
export class JavaSource implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return javaSourceProblem(value) === undefined;
  }
  defaultMessage(args?: ValidationArguments): string {
    return javaSourceProblem(args?.value) ?? FieldSentences.isRequired('code');
  }
}

/** Java source for a problem: what run, submit, analysis and debug help all start from. */
export class JavaCodeDto {
  @Validate(JavaSource)
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
