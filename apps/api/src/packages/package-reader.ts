import { canonicalTags, difficultyOfKeywords, PackageMessages } from '@javelin/contracts';
import { PackageError } from './zip';
import {
  readYaml,
  refuseLargeYaml,
  withoutIgnored,
  withoutTopFolder,
  type Yaml,
} from './package-reader/files';
import { readJury } from './package-reader/jury';
import {
  interactionOf,
  keywordsOf,
  multiPass,
  readMemoryLimit,
  readPasses,
  readTimeLimit,
  readTitle,
  refuseUnhostable,
  yamlScoring,
} from './package-reader/metadata';
import { findStatement, readStatement } from './package-reader/statement';
import { readInteractions, readTests, scoringGroups } from './package-reader/testdata';
import type { ReadPackage } from './package-reader/types';
import { applyGroupFlags, readValidation } from './package-reader/validators';

export type { ReadPackage } from './package-reader/types';

/**
 * A problem package (the ICPC / Kattis problem package format: legacy, 2023-07 and 2025-09) read into
 * what Javelin stores of a classic problem. Pure: the files in, the problem out, or a PackageError
 * naming the file and what is wrong with it. Each part of the package has its reader in
 * package-reader/: problem.yaml (metadata.ts), the statement and its images (statement.ts), data/
 * (testdata.ts), output validation (validators.ts) and submissions/ (jury.ts).
 */
export function readPackage(given: ReadonlyMap<string, Buffer>, packageName = 'problem'): ReadPackage {
  const files = withoutTopFolder(withoutIgnored(given));
  refuseLargeYaml(files);
  const warnings: string[] = [];
  const yamlFile = files.get('problem.yaml');
  const statement = findStatement(files);
  if (!yamlFile && !statement) throw new PackageError(PackageMessages.noProblem);
  const yaml: Yaml = yamlFile ? readYaml('problem.yaml', yamlFile) : {};
  const version = typeof yaml.problem_format_version === 'string' ? yaml.problem_format_version : 'legacy';
  refuseUnhostable(yaml);
  const interaction = interactionOf(yaml);
  const { outputValidator, flags } = readValidation(files, yaml, interaction, warnings);
  const { description, images } = readStatement(files, statement, warnings);
  const title = readTitle(files, yaml, statement, packageName, warnings);

  const tests = readTests(files);
  applyGroupFlags(files, tests, flags, !outputValidator);
  const sampleInteractions = readInteractions(files, tests);
  const testGroups = yamlScoring(yaml) ? scoringGroups(files, tests, warnings) : [];
  const jury = readJury(files, warnings);
  return {
    title,
    description,
    tags: canonicalTags(keywordsOf(yaml)),
    difficulty: difficultyOfKeywords(keywordsOf(yaml)),
    ...readTimeLimit(files, yaml, version, warnings),
    memoryLimitMb: readMemoryLimit(yaml, warnings),
    validatorFlags: flags,
    outputValidator,
    interaction,
    validationPasses: multiPass(yaml) ? readPasses(yaml) : null,
    sampleInteractions,
    tests,
    testGroups,
    jury,
    images,
    warnings,
  };
}
