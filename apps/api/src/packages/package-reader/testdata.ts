import {
  CLASSIC_LIMITS,
  type InteractionLine,
  PackageMessages,
  type TestGroup,
  TEST_GROUP_LIMITS,
} from '@javelin/contracts';
import { PackageError } from '../zip';
import { readYaml, utf8 } from './files';
import type { PackageTest } from './types';

/** data/: the tests (sample and secret), the samples' dialogues, and a scoring package's test groups. */

/** Each `data/sample` and `data/secret` test (`.in` beside its `.ans`), in the format's order. */
export function readTests(files: Map<string, Buffer>): PackageTest[] {
  const tests: PackageTest[] = [];
  for (const path of files.keys()) {
    if (!/^data\/(sample|secret)\/.+\.in$/.test(path)) continue;
    const base = path.slice(0, -'.in'.length);
    const answer = files.get(`${base}.ans`);
    if (!answer) throw new PackageError(PackageMessages.testWithoutAnswer(path));
    tests.push({
      name: base.slice('data/'.length),
      input: utf8(path, files.get(path)!),
      answer: utf8(`${base}.ans`, answer),
      isExample: base.startsWith('data/sample/'),
    });
  }
  if (tests.length === 0) throw new PackageError(PackageMessages.noTests);
  if (tests.length > CLASSIC_LIMITS.maxTests)
    throw new PackageError(PackageMessages.tooManyTests(CLASSIC_LIMITS.maxTests));
  // The format's order: lexicographic on the test's name, groups included (code points, as the format's tools sort).
  return tests.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Each `data/sample/<name>.interaction` as its test's dialogue: `<` lines from the validator, `>` lines
 * from the submission, `---` between passes (kept as a line of its own, from the validator). Those
 * without a test beside them (the format allows samples that are only a dialogue) are returned.
 */
export function readInteractions(files: Map<string, Buffer>, tests: PackageTest[]): InteractionLine[][] {
  const byName = new Map(tests.map((t) => [t.name, t]));
  const alone: InteractionLine[][] = [];
  for (const path of [...files.keys()].sort()) {
    const match = /^data\/(sample\/.+)\.interaction$/.exec(path);
    if (!match) continue;
    const data = files.get(path)!;
    const lines: InteractionLine[] = [];
    utf8(path, data)
      .split(/\r?\n/)
      .forEach((line, i) => {
        if (line === '') return;
        if (line.trim() === '---') lines.push({ from: 'validator', text: '---' });
        else if (line[0] === '<') lines.push({ from: 'validator', text: line.slice(1) });
        else if (line[0] === '>') lines.push({ from: 'submission', text: line.slice(1) });
        else throw new PackageError(PackageMessages.badInteraction(path, i + 1));
      });
    const test = byName.get(match[1]);
    if (test) test.interaction = lines;
    else alone.push(lines);
  }
  return alone;
}

/**
 * A scoring package's subtasks (issue 31): each folder under data/secret is a test group, in the
 * format's (lexicographic) order, worth its testdata.yaml's `accept_score` (2023-07) or test_group.yaml's
 * `max_score` (2025-09); secret tests outside a folder form the group `secret`. Javelin earns a group's
 * points when all its tests pass, so a group without a score is worth its number of tests (the format's
 * default of 1 per test). Each secret test is given its group.
 */
export function scoringGroups(
  files: Map<string, Buffer>,
  tests: PackageTest[],
  warnings: string[],
): TestGroup[] {
  const counts = new Map<string, number>();
  for (const test of tests) {
    if (test.isExample) continue;
    const parts = test.name.split('/');
    test.group = parts.length > 2 ? parts[1] : 'secret';
    counts.set(test.group, (counts.get(test.group) ?? 0) + 1);
  }
  const groups = [...counts].map(([name, count]) => ({ name, points: groupScore(files, name) ?? count }));
  if (groups.length > TEST_GROUP_LIMITS.maxGroups)
    throw new PackageError(
      PackageMessages.badField('data/secret', 'groups', `at most ${TEST_GROUP_LIMITS.maxGroups} test groups`),
    );
  warnings.push(
    `A scoring problem: ${groups.length} subtask(s) from data/secret, each earned when all its tests pass`,
  );
  return groups;
}

/** A group folder's score: `accept_score` of its testdata.yaml, or `max_score` of its test_group.yaml. */
function groupScore(files: Map<string, Buffer>, group: string): number | undefined {
  const folder = group === 'secret' ? 'data/secret' : `data/secret/${group}`;
  for (const [file, key] of [
    ['testdata.yaml', 'accept_score'],
    ['test_group.yaml', 'max_score'],
  ] as const) {
    const path = `${folder}/${file}`;
    const data = files.get(path);
    if (!data) continue;
    const value = readYaml(path, data)[key];
    if (value === undefined || value === null) continue;
    const points = Number(value);
    if (!Number.isInteger(points) || points < 0 || points > TEST_GROUP_LIMITS.maxPoints)
      throw new PackageError(
        PackageMessages.badField(
          path,
          key,
          `must be a whole number from 0 to ${TEST_GROUP_LIMITS.maxPoints}`,
        ),
      );
    return points;
  }
  return undefined;
}
