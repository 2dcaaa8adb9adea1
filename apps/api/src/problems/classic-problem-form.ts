import { BadRequestException } from '@nestjs/common';
import {
  canonicalTags,
  type ClassicProblemFormBody,
  CLASSIC_LIMITS,
  PackageMessages,
  parseDefaultValidatorFlags,
} from '@javelin/contracts';
import { isInsidePath } from './paths';
import { statementFields } from './problem-form';
import type { Problem } from './problem.entity';
import type { StoredTest } from './problems.repository';

/**
 * The classic problem form (issue 29: a whole program on standard input and output) as it is stored:
 * its limits and output validation checked, and left out on an update, kept.
 */

/** The program a classic problem's editor starts from: a whole program reading standard input. */
export const CLASSIC_STARTER_CODE = `import java.io.*;
import java.util.*;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));

        out.flush();
    }
}
`;

/** A classic problem's tests as text, stored as they are. */
export function classicTests(form: Pick<ClassicProblemFormBody, 'testCases'>): StoredTest[] {
  return form.testCases.map((t) => ({
    inputs: t.input,
    expectedOutput: t.expectedOutput,
    isExample: t.isExample,
  }));
}

/**
 * The stored columns of a classic problem form (issue 29): no signature, its limits and its output
 * validation. Left out on an update, the limits, flags, validator and reference keep `current`'s values.
 */
export function normaliseClassicForm(
  form: ClassicProblemFormBody,
  current: Problem | null,
): Omit<Problem, 'id' | 'createdAt' | 'updatedAt' | 'createdBy' | 'testCases' | 'testGroups'> {
  const validatorFlags = form.validatorFlags ?? current?.validatorFlags ?? [];
  const outputValidator =
    form.outputValidator === undefined ? (current?.outputValidator ?? null) : form.outputValidator;
  checkOutputValidation(validatorFlags, outputValidator, 'validatorFlags');
  const interaction = form.interaction ?? current?.interaction ?? 'none';
  if (interaction !== 'none' && !outputValidator)
    throw new BadRequestException(PackageMessages.interactiveWithoutValidator(interaction));
  return {
    ...statementFields(form),
    inputVariables: [],
    functionName: '',
    returnType: 'void',
    boilerplateCode: CLASSIC_STARTER_CODE,
    tags: canonicalTags(form.tags ?? []),
    isVisible: form.isVisible ?? true,
    checker: 'exact',
    tolerance: null,
    checkerCode: null,
    referenceSolution:
      form.referenceSolution === undefined
        ? (current?.referenceSolution ?? null)
        : form.referenceSolution.trim()
          ? form.referenceSolution
          : null,
    kind: 'stdio',
    timeLimitMs: form.timeLimitMs ?? current?.timeLimitMs ?? CLASSIC_LIMITS.defaultTimeLimitMs,
    memoryLimitMb: form.memoryLimitMb ?? current?.memoryLimitMb ?? null,
    validatorFlags,
    outputValidator,
    interaction,
    validationPasses: passesOf(interaction, form.validationPasses, current),
    sampleInteractions: current?.sampleInteractions ?? [],
    // An admin's own limit replaces the one set from the jury.
    timeLimitBasis:
      form.timeLimitMs === undefined || form.timeLimitMs === current?.timeLimitMs
        ? (current?.timeLimitBasis ?? null)
        : null,
  };
}

/**
 * A 400 naming what is wrong with a classic problem's output validation: the default validator's flags
 * (a custom validator takes any flags as its arguments), or a validator file path leaving its folder.
 */
function checkOutputValidation(
  flags: readonly string[],
  validator: Problem['outputValidator'],
  where: string,
): void {
  if (!validator) {
    const parsed = parseDefaultValidatorFlags(flags);
    if (!parsed.ok) throw new BadRequestException(`${where}: ${parsed.error}`);
    return;
  }
  for (const file of validator.files) {
    if (!isInsidePath(file.path)) throw new BadRequestException(PackageMessages.badValidatorPath(file.path));
  }
}

/**
 * The most passes: a multi-pass problem's (2 unless set); an interactive problem keeps the passes it was
 * imported with (an interactive multi-pass package, issue 42) while it stays interactive; none otherwise.
 */
function passesOf(
  interaction: string,
  asked: number | undefined,
  current: Pick<Problem, 'interaction' | 'validationPasses'> | null | undefined,
): number | null {
  if (interaction === 'multi-pass') return asked ?? current?.validationPasses ?? 2;
  if (interaction === 'interactive')
    return asked ?? (current?.interaction === 'interactive' ? (current.validationPasses ?? null) : null);
  return null;
}
