import {
  CLASSIC_LIMITS,
  DEFAULT_FLOAT_TOLERANCE,
  type CustomOutputValidator,
  type InteractionLine,
} from '@javelin/contracts';
import { serializeInputs } from '@javelin/java-io';
import { stringify as toYaml } from 'yaml';
import { imageUrlPrefix, unsignStatement } from '../problems/image-links';
import type { Problem } from '../problems/problem.entity';
import { examplesFirst } from '../problems/problem-judging';
import type { TestCase } from '../problems/test-case.entity';
import type { JurySubmission, ProblemImage } from './package-files.entity';

/** What a problem is exported with. */
interface ExportedProblem {
  problem: Problem;
  tests: TestCase[];
  jury: (Pick<JurySubmission, 'path' | 'code'> & Partial<Pick<JurySubmission, 'files'>>)[];
  images: Pick<ProblemImage, 'name' | 'data'>[];
}

/** The image route's prefix in a stored statement, written back as the plain file name. */
export { imageUrlPrefix };

/**
 * A problem as a 2023-07 problem package (path → content), which readPackage reads back to the same
 * problem. A function problem becomes a classic one: its serialised inputs as `.in`, expected outputs as
 * `.ans`, its checker as the default validator's flags or a Java output validator, its reference
 * solution (a whole program: the boilerplate's main around the author's function) as an accepted submission.
 */
export function writePackage({
  problem,
  tests,
  jury,
  images,
}: ExportedProblem): Map<string, Buffer | string> {
  const files = new Map<string, Buffer | string>();
  const classic = problem.kind === 'stdio';
  const { flags, validator } = classic
    ? { flags: problem.validatorFlags ?? [], validator: problem.outputValidator }
    : validationOfChecker(problem);
  const yaml: Record<string, unknown> = {
    problem_format_version: '2023-07-draft',
    name: problem.title,
    // A problem with subtasks (issue 31) is a scoring problem: a folder under data/secret per group;
    // an interactive or multi-pass one (issue 42) says so beside it.
    type: [
      problem.testGroups?.length ? 'scoring' : 'pass-fail',
      ...(problem.interaction && problem.interaction !== 'none' ? [problem.interaction] : []),
      ...(problem.interaction === 'interactive' && problem.validationPasses ? ['multi-pass'] : []),
    ].join(' '),
    ...(problem.tags.length > 0 ? { keywords: problem.tags } : {}),
    limits: {
      time_limit: (problem.timeLimitMs ?? CLASSIC_LIMITS.defaultTimeLimitMs) / 1000,
      ...(problem.memoryLimitMb ? { memory: problem.memoryLimitMb } : {}),
      ...(problem.interaction && problem.interaction !== 'none' && problem.validationPasses
        ? { validation_passes: problem.validationPasses }
        : {}),
    },
    ...(validator ? { validation: 'custom' } : {}),
  };
  files.set('problem.yaml', toYaml(yaml));
  files.set('data/testdata.yaml', toYaml({ output_validator_flags: flags.join(' ') }));
  const prefix = imageUrlPrefix(problem.id);
  let statement = unsignStatement(problem.description).split(prefix).join('');
  if (!classic && problem.constraints.trim()) statement += `\n\n## Constraints\n\n${problem.constraints}`;
  files.set('problem_statement/problem.en.md', `${statement.trimEnd()}\n`);
  for (const image of images) files.set(`problem_statement/${image.name}`, image.data);

  const folders = groupFolders(problem.testGroups ?? []);
  const folderScores = new Map<string, { accept_score: number }>();
  for (const [group, folder] of folders) {
    const points = problem.testGroups.find((g) => g.name === group)!.points;
    folderScores.set(folder, { accept_score: points });
    files.set(
      `data/${folder}/testdata.yaml`,
      toYaml({ accept_score: points, output_validator_flags: flags.join(' ') }),
    );
  }
  const names = testNames(tests, folders);
  examplesFirst(tests).forEach((test) => {
    const name = names.get(test.id)!;
    files.set(`data/${name}.in`, classic ? test.input : serializeInputs(problem.inputVariables, test.input));
    files.set(`data/${name}.ans`, test.expectedOutput);
    if (test.interaction?.length) files.set(`data/${name}.interaction`, interactionFile(test.interaction));
    // A test group's own flags (issue 42) go back into its folder's testdata.yaml.
    const folder = name.includes('/') ? name.slice(0, name.lastIndexOf('/')) : null;
    if (test.validatorFlags && folder && folder.includes('/'))
      files.set(
        `data/${folder}/testdata.yaml`,
        toYaml({
          ...(folderScores.get(folder) ?? {}),
          output_validator_flags: test.validatorFlags.join(' '),
        }),
      );
  });
  (problem.sampleInteractions ?? []).forEach((lines, i) =>
    files.set(`data/sample/dialogue-${String(i + 1).padStart(2, '0')}.interaction`, interactionFile(lines)),
  );
  if (validator)
    for (const file of validator.files) files.set(`output_validators/validator/${file.path}`, file.content);

  // A jury program of several files goes back as its folder (issue 42).
  for (const j of jury) for (const file of j.files ?? []) files.set(`${j.path}/${file.path}`, file.content);
  const submissions = new Map(jury.filter((j) => !j.files).map((j) => [j.path, j.code]));
  if (problem.referenceSolution && ![...submissions.values()].includes(problem.referenceSolution)) {
    submissions.set(
      uniquePath(submissions, 'submissions/accepted/Reference.java'),
      problem.referenceSolution,
    );
  }
  for (const [path, code] of [...submissions].sort(([a], [b]) => a.localeCompare(b))) files.set(path, code);
  return files;
}

/**
 * Each group's folder under data/ (`secret/<name>`): the format orders groups by their folder names, so
 * when the names do not sort in the groups' order each is prefixed with its place (`secret/02-large`).
 */
function groupFolders(groups: readonly { name: string }[]): Map<string, string> {
  const names = groups.map((g) => g.name);
  const sorted = names.every((n, i) => i === 0 || names[i - 1] < n);
  const width = String(names.length).length;
  return new Map(
    names.map((n, i) => [n, `secret/${sorted ? n : `${String(i + 1).padStart(width, '0')}-${n}`}`]),
  );
}

/** Each test's name in the package: where it came from, or `sample/NN` / `secret/NN` (`secret/<group>/NN`) in order. */
function testNames(tests: TestCase[], folders: ReadonlyMap<string, string>): Map<string, string> {
  const names = new Map<string, string>();
  const used = new Set<string>();
  const ordered = examplesFirst(tests);
  const width = String(ordered.length).length + 1;
  ordered.forEach((test, i) => {
    const folder = test.isExample ? 'sample' : ((test.group && folders.get(test.group)) ?? 'secret');
    const kept = test.name && test.name.startsWith(`${folder}/`) && !used.has(test.name) ? test.name : null;
    const name = kept ?? `${folder}/${String(i + 1).padStart(width, '0')}`;
    used.add(name);
    names.set(test.id, name);
  });
  return names;
}

/** A sample's dialogue as the format's `.interaction` file: `<` from the validator, `>` from the submission. */
function interactionFile(lines: readonly InteractionLine[]): string {
  return lines
    .map((l) =>
      l.text === '---' && l.from === 'validator' ? '---' : `${l.from === 'validator' ? '<' : '>'}${l.text}`,
    )
    .map((l) => `${l}\n`)
    .join('');
}

function uniquePath(taken: Map<string, string>, path: string): string {
  let candidate = path;
  for (let i = 2; taken.has(candidate); i++) candidate = path.replace(/\.java$/, `${i}.java`);
  return candidate;
}

/**
 * A function problem's checker as the format's output validation: `exact` compares case and spacing
 * (both flags), `tokens` case only, `float` its tolerance (absolute or relative, as Javelin's float
 * checker); `unordered` and `custom` need a validator program (a Java one: the custom checker wrapped in
 * the format's interface).
 */
function validationOfChecker(problem: Pick<Problem, 'checker' | 'tolerance' | 'checkerCode'>): {
  flags: string[];
  validator: CustomOutputValidator | null;
} {
  switch (problem.checker ?? 'exact') {
    case 'tokens':
      return { flags: ['case_sensitive'], validator: null };
    case 'float':
      return {
        flags: ['float_tolerance', String(problem.tolerance ?? DEFAULT_FLOAT_TOLERANCE)],
        validator: null,
      };
    case 'unordered':
      return {
        flags: [],
        validator: { language: 'java', files: [{ path: 'Validator.java', content: UNORDERED_VALIDATOR }] },
      };
    case 'custom':
      return {
        flags: [],
        validator: {
          language: 'java',
          files: [{ path: 'Validator.java', content: customCheckerValidator(problem.checkerCode ?? '') }],
        },
      };
    default:
      return { flags: ['case_sensitive', 'space_change_sensitive'], validator: null };
  }
}

/** Javelin's `unordered` checker as an output validator: lines as a multiset, each line's tokens as a multiset. */
const UNORDERED_VALIDATOR = `import java.nio.file.*;
import java.util.*;

public class Validator {
    static List<String> canonical(String text) {
        List<String> lines = new ArrayList<>();
        for (String line : text.split("\\n")) {
            String[] tokens = line.trim().split("\\\\s+");
            if (line.trim().isEmpty()) continue;
            Arrays.sort(tokens);
            lines.add(String.join(" ", tokens));
        }
        Collections.sort(lines);
        return lines;
    }

    public static void main(String[] args) throws Exception {
        String answer = Files.readString(Path.of(args[1]));
        String team = new String(System.in.readAllBytes());
        boolean same = canonical(answer).equals(canonical(team));
        if (!same) Files.writeString(Path.of(args[2], "judgemessage.txt"), "The output differs from the answer (in any order)");
        System.exit(same ? 42 : 43);
    }
}
`;

/**
 * A custom checker (run as \`checker input expected actual\`, printing accepted/wrong) inside the format's
 * interface: the team's output is written into the feedback folder and the checker's main is called on it.
 * The checker's own class is renamed so the validator's class is the one entry point.
 */
function customCheckerValidator(checkerCode: string): string {
  const renamed = checkerCode
    .replace(/public\s+class\s+(\w+)/, 'class JavelinChecker')
    .replace(/^\s*package\s+[\w.]+\s*;/m, '');
  return `import java.io.*;
import java.nio.file.*;

public class Validator {
    public static void main(String[] args) throws Exception {
        Path team = Path.of(args[2], "team_output.txt");
        Files.write(team, System.in.readAllBytes());
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        PrintStream out = System.out;
        System.setOut(new PrintStream(said, true));
        JavelinChecker.main(new String[] {args[0], args[1], team.toString()});
        System.out.flush();
        System.setOut(out);
        String first = said.toString().trim().split("\\n")[0].trim();
        Files.writeString(Path.of(args[2], "judgemessage.txt"), first);
        System.exit(first.toLowerCase().startsWith("accepted") ? 42 : 43);
    }
}

${renamed}
`;
}
