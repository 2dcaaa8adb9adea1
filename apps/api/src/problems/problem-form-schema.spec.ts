import { BadRequestException } from '@nestjs/common';
import { expectedOutputSchema, problemFormSchema, validateDraftSchema } from '@javelin/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { bodiesFor, BodyRoute, digest } from '../../test/support/problem-form-bodies';
import { SharedBodyPipe } from '../common/shared-body';

/**
 * What the API answered for each body (a 400 sentence, or the body it handed to the service),
 * recorded from the class-validator DTOs these routes used before the shared schema
 * (ProblemFormDto, ValidateDraftDto, ExpectedOutputDto through the API's ValidationPipe, commit
 * 1d4ef21). Long texts are kept as their start and length; 'as sent' means the body itself.
 */
type Recorded = { message: string } | { parsed: unknown };
const RECORDED: Record<BodyRoute, Record<string, Recorded>> = JSON.parse(
  readFileSync(join(__dirname, '../../test/fixtures/problem-form-sentences.json'), 'utf8'),
);

const SCHEMAS = {
  problemForm: problemFormSchema,
  validateDraft: validateDraftSchema,
  expectedOutput: expectedOutputSchema,
};

/**
 * The DTOs let a list stand where an item belongs and checked its items instead, so a list of lists
 * reached the service: an input variable without a name (400 `input variable "undefined" is not a
 * valid Java identifier`) or a test case without inputs (a 500). The schema refuses it at once.
 */
const STRICTER: Record<string, string> = {
  'inputVariables[0]: array': 'each value in inputVariables must be an object, not a list',
  'inputVariables[0]: array of a variable': 'each value in inputVariables must be an object, not a list',
  'testCases[0]: array': 'each value in testCases must be an object, not a list',
};

function answer(route: BodyRoute, body: unknown): Recorded {
  try {
    const parsed = new SharedBodyPipe(SCHEMAS[route]).transform(body);
    const got = digest(JSON.parse(JSON.stringify(parsed)));
    return { parsed: isDeepStrictEqual(got, digest(body)) ? 'as sent' : got };
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return { message: (error as BadRequestException).message };
  }
}

describe.each(Object.keys(SCHEMAS) as BodyRoute[])('the %s schema answers as the DTO did', (route) => {
  const bodies = bodiesFor(route);

  it('has a recorded answer for every body', () => {
    expect(bodies.map((b) => b.name).sort()).toEqual(Object.keys(RECORDED[route]).sort());
    expect(bodies.length).toBeGreaterThan(250);
  });

  it('gives every body the same 400 sentence, or hands the service the same body', () => {
    const differences = bodies.flatMap(({ name, body }) => {
      const expected = name in STRICTER ? { message: STRICTER[name] } : RECORDED[route][name];
      const got = answer(route, body);
      return isDeepStrictEqual(got, expected) ? [] : [{ name, expected, got }];
    });
    expect(differences).toEqual([]);
  });
});

describe('problem form sentences, read as an admin reads them', () => {
  it('names the place of a refused value inside the lists, unknown fields first at each level', () => {
    expect(
      answer('validateDraft', {
        zz: 1,
        referenceSolution: 'class Main {}',
        inputVariables: [{ name: ' ', type: 'x', zz: 2 }],
        testCases: [{ inputs: {}, expectedOutput: '1', isExample: true }, { inputs: [] }],
        tolerance: 0,
      }),
    ).toEqual({
      message: [
        'property zz should not exist',
        'property zz should not exist',
        'inputVariables.0.name is required',
        'inputVariables.0.type must be one of: int, long, double, char, boolean, string, array, int[], long[], double[], boolean[], char[], string[], int[][], char[][]',
        'testCases.1.inputs must be an object of variable name to value',
        'testCases.1.expectedOutput must be a string',
        'testCases.1.isExample must be true or false',
        'tolerance must be at least 1e-15',
      ].join('; '),
    });
  });

  it('trims the title, the function name and the variable names, and keeps test values as sent', () => {
    const checked = new SharedBodyPipe(problemFormSchema).transform({
      title: '  Sum ',
      description: ' d ',
      inputVariables: [{ name: ' a ', type: 'int[][]' }],
      testCases: [{ inputs: { a: [[1, 2], [3]] }, expectedOutput: ' 6 ', isExample: false }],
      functionName: ' sum ',
      tags: [' x '],
    });
    expect(checked).toEqual({
      title: 'Sum',
      description: ' d ',
      inputVariables: [{ name: 'a', type: 'int[][]' }],
      testCases: [{ inputs: { a: [[1, 2], [3]] }, expectedOutput: ' 6 ', isExample: false }],
      functionName: 'sum',
      tags: [' x '],
    });
  });
});
