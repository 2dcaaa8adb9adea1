import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CreateContestRequest, ExecuteCodeRequest } from '@javelin/contracts';
import { createContestSchema, executeCodeSchema } from '@javelin/contracts';
import type { z } from 'zod';

/** True only when A and B are each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<T extends true> = T;

// Type-level (the web's typecheck fails here): the request types the screens send are the schemas' own.
export type RequestTypesAreTheSchemas = [
  Holds<Same<ExecuteCodeRequest, z.infer<typeof executeCodeSchema>>>,
  Holds<Same<CreateContestRequest, z.infer<typeof createContestSchema>>>,
  // And the check can fail: a field retyped is another type.
  Holds<Same<Same<Omit<ExecuteCodeRequest, 'problemId'> & { problemId: number }, ExecuteCodeRequest>, false>>,
];

describe('one contract (issue 45)', () => {
  it('libs/contracts writes no request type by hand beside its schema', () => {
    const dir = join(__dirname, '..', '..', '..', '..', 'libs', 'contracts', 'src');
    const handWritten = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
      .flatMap((f) =>
        [...readFileSync(join(dir, f), 'utf8').matchAll(/^export interface (\w+Request)\b/gm)].map(
          (m) => `${f}: ${m[1]}`,
        ),
      );
    expect(handWritten).toEqual([]);
  });
});
