import type {
  CustomOutputValidator,
  Difficulty,
  Interaction,
  InteractionLine,
  TestGroup,
  Verdict,
} from '@javelin/contracts';
import type { TimingRule } from '../timing';

/**
 * A problem package (the ICPC / Kattis problem package format: legacy, 2023-07 and 2025-09) read into
 * what Javelin stores of a classic problem.
 */
export interface ReadPackage {
  title: string;
  /** Markdown; images referred to by their plain names (the importer points them at the problem's image route). */
  description: string;
  /** Canonical tags (libs/contracts tags.ts): the keywords less a difficulty word. */
  tags: string[];
  /** The difficulty a keyword names ('easy', 'medium', 'hard'; Javelin's reading of keywords), or null. */
  difficulty: Difficulty | null;
  memoryLimitMb: number | null;
  validatorFlags: string[];
  outputValidator: CustomOutputValidator | null;
  /** How the program meets its validator (issue 42); interactive and multi-pass need `outputValidator`. */
  interaction: Interaction;
  /** The stated time limit, or the default until the importer sets one from the jury (`timing`). */
  timeLimitMs: number;
  /** When the package states no time limit: the format's rule to set it from the accepted jury submissions. */
  timing: TimingRule | null;
  /** A multi-pass problem's most passes (`limits.validation_passes`, default 2); null otherwise. */
  validationPasses: number | null;
  /** `.interaction` files without a test beside them, in name order: shown on the problem page only. */
  sampleInteractions: InteractionLine[][];
  /** In the format's order: lexicographic on the test's name (`sample/1` before `secret/g1/01`). */
  tests: PackageTest[];
  /** A scoring package's test groups (issue 31): the folders under data/secret, each worth its accept_score. */
  testGroups: TestGroup[];
  jury: JuryProgram[];
  images: { name: string; contentType: string; data: Buffer }[];
  warnings: string[];
}

export interface PackageTest {
  name: string;
  input: string;
  answer: string;
  isExample: boolean;
  group?: string;
  /** A sample's `.interaction` file, as a dialogue. */
  interaction?: InteractionLine[];
  /** Its test group's own validator flags, when they differ from the problem's (issue 42). */
  validatorFlags?: string[];
}

export interface JuryProgram {
  path: string;
  code: string;
  expected: Verdict[];
  /** A program of several files (a folder, issue 42): each `.java` file by its path inside the folder. */
  files?: { path: string; content: string }[];
}
