import type { ClassicProblemFields, Problem, ProblemForm, TestGroup } from '@javelin/contracts';

/** A problem as the API sends it: the spec's fields, and issue 29's kind (with a classic problem's limits). */
export type AnyProblem = Problem & Partial<ClassicProblemFields>;

/** A classic problem (kind 'stdio'): a whole program reading stdin, raw test inputs, its own limits. */
export function isClassic(problem: Partial<ClassicProblemFields> | undefined | null): boolean {
  return problem?.kind === 'stdio';
}

/** The editor's starter for a classic problem: a plain program reading standard input, nothing generated. */
export const CLASSIC_STARTER = `import java.io.*;
import java.util.*;

public class Main {
    public static void main(String[] args) throws IOException {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(System.out)));

        out.flush();
    }
}
`;

/**
 * What the editor starts from: a function problem's boilerplate (spec), a classic problem's own
 * starter when its author wrote one, else the plain program above.
 */
export function starterCode(problem: AnyProblem): string {
  if (isClassic(problem)) return problem.boilerplateCode?.trim() ? problem.boilerplateCode : CLASSIC_STARTER;
  return problem.boilerplateCode ?? '';
}

/** A classic problem's test as the problem form sends it: the raw input text beside the answer. */
export interface ClassicTestBody {
  id?: string;
  input: string;
  expectedOutput: string;
  isExample: boolean;
  group?: string;
}

/** The body of `POST /api/problems` / `PUT /api/problems/:id` for a classic problem (no function, no input variables). */
export type ClassicProblemBody = Pick<
  ProblemForm,
  'title' | 'description' | 'constraints' | 'difficulty' | 'points' | 'tags' | 'isVisible'
> &
  Pick<
    ClassicProblemFields,
    | 'timeLimitMs'
    | 'memoryLimitMb'
    | 'validatorFlags'
    | 'interaction'
    | 'validationPasses'
    | 'outputValidator'
  > & {
    kind: 'stdio';
    testCases: ClassicTestBody[];
    testGroups: TestGroup[];
  };
