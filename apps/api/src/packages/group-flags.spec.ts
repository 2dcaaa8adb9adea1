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

describe("a test group's own validator flags (issue 42)", () => {
  const flagsOf = (read: ReturnType<typeof readPackage>) =>
    Object.fromEntries(read.tests.map((t) => [t.name, t.validatorFlags ?? null]));

  it("apply to the group's tests when they differ from the problem's", () => {
    const read = readPackage(
      files({ 'data/secret/g1/testdata.yaml': 'output_validator_flags: case_sensitive\n' }),
      'groups',
    );
    expect(read.validatorFlags).toEqual(['float_tolerance', '1e-6']);
    expect(flagsOf(read)).toEqual({ 'sample/1': null, 'secret/g1/1': ['case_sensitive'] });
    expect(read.warnings.some((w) => w.includes('own validator flags'))).toBe(false);
  });

  it("leave the problem's flags when a group repeats them or gives none", () => {
    const same = readPackage(
      files({ 'data/secret/g1/testdata.yaml': 'output_validator_flags: float_tolerance 1e-6\n' }),
      'groups',
    );
    const none = readPackage(files({ 'data/secret/g1/testdata.yaml': 'accept_score: 10\n' }), 'groups');
    for (const read of [same, none]) expect(flagsOf(read)['secret/g1/1']).toBeNull();
  });

  it('the deepest folder on a test path decides, and bad default-validator flags are refused naming the file', () => {
    const nested = readPackage(
      files({
        'data/secret/g1/testdata.yaml': 'output_validator_flags: case_sensitive\n',
        'data/secret/g1/deep/testdata.yaml': 'output_validator_flags: space_change_sensitive\n',
        'data/secret/g1/deep/2.in': '3\n',
        'data/secret/g1/deep/2.ans': '3\n',
      }),
      'groups',
    );
    expect(flagsOf(nested)['secret/g1/1']).toEqual(['case_sensitive']);
    expect(flagsOf(nested)['secret/g1/deep/2']).toEqual(['space_change_sensitive']);
    expect(() =>
      readPackage(files({ 'data/secret/g1/testdata.yaml': 'output_validator_flags: loose\n' }), 'groups'),
    ).toThrow(/data\/secret\/g1\/testdata\.yaml: validator_flags: Unknown default validator flag "loose"/);
  });
});
