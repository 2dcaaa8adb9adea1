import { BadRequestException } from '@nestjs/common';
import {
  createSuperAdminSchema,
  executeCodeSchema,
  registerSchema,
  solveSchema,
  submissionSchema,
} from '@javelin/contracts';
import { describe, expect, it } from 'vitest';
import { ZodPipe } from './zod';

const UUID = '11111111-1111-4111-8111-111111111111';
const NULL = (field: string) => `${field} must not be null (leave it out to keep the current value)`;

/** The 400 sentence a body gets, or the parsed body. */
function check(schema: ConstructorParameters<typeof ZodPipe>[0], body: unknown): unknown {
  try {
    return new ZodPipe(schema).transform(body);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).message;
  }
}

/**
 * The shared schemas answer word for word what the class-validator DTOs they replaced answered: the
 * expected sentences were recorded from RegisterDto, CreateSuperAdminDto, ExecuteCodeDto,
 * SubmissionDto and SolveDto through the API's ValidationPipe, on these same bodies.
 */
describe('request bodies checked by the schemas shared with the web', () => {
  it('names unknown fields first, then each refused field once, in the order the DTOs did', () => {
    expect(
      check(registerSchema, {
        zz: 1,
        email: 'x',
        password: '1',
        confirmPassword: '',
        username: 'a',
        fullName: ' ',
        aa: 2,
      }),
    ).toBe(
      'property zz should not exist; property aa should not exist; confirmPassword is required; email must be a valid email address; Password must be at least 6 characters long; username must be at least 3 characters long; fullName is required',
    );
    const empty =
      'confirmPassword must be a string; email must be a valid email address; password must be a string; username must be a string; fullName must be a string';
    expect(check(registerSchema, {})).toBe(empty);
    // A body that is not an object is refused field by field, as an empty one.
    expect(check(registerSchema, [])).toBe(empty);
    expect(check(registerSchema, undefined)).toBe(empty);
    expect(check(createSuperAdminSchema, { role: 'x' })).toBe(
      'role must be super_admin; email must be a valid email address; password must be a string; username must be a string; fullName must be a string',
    );
  });

  it('trims email, username and full name, and passes the rest through', () => {
    expect(
      check(registerSchema, {
        email: ' A@b.co ',
        password: 'secret1',
        confirmPassword: 'x',
        username: ' ab_c ',
        fullName: ' F ',
      }),
    ).toEqual({
      email: 'A@b.co',
      password: 'secret1',
      username: 'ab_c',
      fullName: 'F',
      confirmPassword: 'x',
    });
    expect(
      check(registerSchema, {
        email: 'a@b.co',
        password: 'secret1',
        confirmPassword: 'x',
        username: 'bad name!',
        fullName: 'F',
      }),
    ).toBe('username may contain only letters, digits, dot, dash and underscore');
    expect(
      check(registerSchema, {
        email: 'a@b.co',
        password: 'x'.repeat(129),
        confirmPassword: 'x',
        username: 'abc',
        fullName: 'F',
      }),
    ).toBe('password must be shorter than or equal to 128 characters');
  });

  it('refuses null for the optional fields, naming them, and malformed run, submit and solve bodies', () => {
    expect(
      check(executeCodeSchema, {
        zz: 1,
        code: 1,
        language: 'py',
        problemId: 'x',
        runAllTestCases: null,
        contestId: 'y',
      }),
    ).toBe(
      `property zz should not exist; ${NULL('runAllTestCases')}; contestId must be a UUID; code is required; language must be java; problemId must be a UUID`,
    );
    expect(
      check(executeCodeSchema, { code: 'x'.repeat(64 * 1024 + 1), language: 'java', problemId: UUID }),
    ).toBe('code must be at most 64 KiB');
    // 64 KiB counts UTF-8 bytes, not characters.
    expect(
      check(executeCodeSchema, { code: 'é'.repeat(32 * 1024 + 1), language: 'java', problemId: UUID }),
    ).toBe('code must be at most 64 KiB');
    expect(
      check(submissionSchema, {
        testCasesPassed: '5',
        totalTestCases: 'abc',
        status: null,
        contestId: null,
        code: 'x',
        language: 'java',
        problemId: UUID,
      }),
    ).toBe(`${NULL('contestId')}; ${NULL('status')}; totalTestCases must be a whole number`);
    expect(
      check(submissionSchema, {
        testCasesPassed: true,
        totalTestCases: [],
        code: 'x',
        language: 'java',
        problemId: UUID,
      }),
    ).toBe('totalTestCases must be a whole number');
    expect(
      check(submissionSchema, {
        testCasesPassed: -1,
        totalTestCases: 10_001,
        code: 'x',
        language: 'java',
        problemId: UUID,
      }),
    ).toBe('testCasesPassed must not be less than 0; totalTestCases must not be greater than 10000');
    expect(check(solveSchema, { contestId: null, problemId: 1 })).toBe(
      `problemId must be a UUID; submissionId must be a UUID; ${NULL('contestId')}`,
    );
  });

  it('reads numeric strings as numbers, as the DTO did', () => {
    expect(
      check(submissionSchema, {
        testCasesPassed: '5',
        totalTestCases: 7,
        code: 'x',
        language: 'java',
        problemId: UUID,
      }),
    ).toEqual({ testCasesPassed: 5, totalTestCases: 7, code: 'x', language: 'java', problemId: UUID });
  });
});
