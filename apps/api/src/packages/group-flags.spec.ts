import { describe, expect, it } from 'vitest';
import { readPackage } from './package-reader';

const files = (extra: Record<string, string>) =>
  new Map(
    Object.entries({
      'problem.yaml': 'problem_format_version: 2023-07-draft\nname: Groups\n',
      'problem_statement/problem.en.md': 'Print the number.\n',
      'data/sample/1.in': '1\n',
      'data/sample/1.ans': '1\n',
      'data/secret/testdata.yaml': 'output_validator_flags: float_tolerance 1e-6\n',
      'data/secret/g1/1.in': '2\n',
      'data/secret/g1/1.ans': '2\n',
      ...extra,
    }).map(([path, text]) => [path, Buffer.from(text)]),
  );

describe("a test group's own validator flags", () => {
  it("are named in the warnings when they differ from the problem's (every test is judged with one set)", () => {
    const read = readPackage(
      files({ 'data/secret/g1/testdata.yaml': 'output_validator_flags: case_sensitive\n' }),
      'groups',
    );
    expect(read.validatorFlags).toEqual(['float_tolerance', '1e-6']);
    expect(read.warnings).toContain(
      "data/secret/g1/testdata.yaml gives its test group its own validator flags (case_sensitive): not supported yet, every test is judged with the problem's flags",
    );
  });

  it("say nothing when a group repeats the problem's flags or gives none", () => {
    const same = readPackage(
      files({ 'data/secret/g1/testdata.yaml': 'output_validator_flags: float_tolerance 1e-6\n' }),
      'groups',
    );
    const none = readPackage(files({ 'data/secret/g1/testdata.yaml': 'accept_score: 10\n' }), 'groups');
    for (const read of [same, none])
      expect(read.warnings.some((w) => w.includes('own validator flags'))).toBe(false);
  });
});
