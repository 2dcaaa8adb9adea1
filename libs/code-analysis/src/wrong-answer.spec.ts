import { describe, expect, it } from 'vitest';
import { JavaCode } from './java-code';
import {
  bracketsAndCommas,
  capitalisation,
  decimalPoint,
  explainWrongOutput,
  extraLines,
  extraText,
  intOverflow,
  nothingPrinted,
  OutputFacts,
  outputLines,
  spacing,
  WRONG_OUTPUT_RULES,
  WrongOutputRule,
} from './wrong-answer';

const CODE = new JavaCode(
  [
    'public class Main {', // 1
    '  static int f(int[] nums) { int s = 0; for (int x : nums) s += x; return s; }', // 2
    '  public static void main(String[] args) {', // 3
    '    System.out.println("answer: " + f(new int[0]));', // 4
    '    System.out.println(java.util.Arrays.toString(new int[0]));', // 5
    '  }', // 6
    '}', // 7
  ].join('\n'),
);
function facts(expected: string, actual: string): OutputFacts {
  return {
    cmp: { expected, actual },
    expected: outputLines(expected).join('\n'),
    actual: outputLines(actual).join('\n'),
    code: CODE,
    printLine: () => 5,
  };
}
const explains = (rule: WrongOutputRule, expected: string, actual: string) =>
  rule.explain(facts(expected, actual))?.title;

describe('wrong-output rules', () => {
  it('int-overflow: the expected answer past the int range, or a multiple of 2^32 away', () => {
    expect(explains(intOverflow, '4294967300', '4')).toBe('Integer overflow');
    expect(intOverflow.explain(facts('4294967300', '4'))?.line).toBe(2);
    expect(explains(intOverflow, '5', '4')).toBeUndefined();
  });

  it('nothing-printed', () => {
    expect(explains(nothingPrinted, '5', '')).toBe('Nothing was printed');
    expect(explains(nothingPrinted, '', '')).toBeUndefined();
  });

  it('spacing: the same values, other spaces or line breaks', () => {
    expect(explains(spacing, '1 2\n3', '1 2 3')).toBe('Output format: spacing or line breaks');
    expect(explains(spacing, '1 2', '1 3')).toBeUndefined();
  });

  it('brackets-and-commas: a collection printed as Java prints it', () => {
    expect(explains(bracketsAndCommas, '1 2 3', '[1, 2, 3]')).toBe('Output format: brackets and commas');
    expect(explains(bracketsAndCommas, '1 2 3', '1 2 4')).toBeUndefined();
  });

  it('capitalisation', () => {
    expect(explains(capitalisation, 'true', 'True')).toBe('Output format: capitalisation');
  });

  it('extra-text: the answer with a label around it', () => {
    expect(explains(extraText, '7', 'answer: 7')).toBe('Output format: extra text around the answer');
  });

  it('extra-lines: more lines than expected', () => {
    expect(explains(extraLines, '1', '2\n3')).toBe('Output format: extra lines');
    expect(explains(extraLines, '1\n2', '3')).toBeUndefined();
  });

  it('decimal-point: an integer printed as a decimal', () => {
    expect(explains(decimalPoint, '3', '3.0')).toBe('Output format: decimal point');
  });

  it('are tried in order; a difference no rule reads is left unexplained', () => {
    expect(WRONG_OUTPUT_RULES.map((r) => r.name)).toEqual([
      'int-overflow',
      'nothing-printed',
      'spacing',
      'brackets-and-commas',
      'capitalisation',
      'extra-text',
      'extra-lines',
      'decimal-point',
    ]);
    expect(explainWrongOutput({ expected: '7', actual: 'answer: 7' }, CODE)?.line).toBe(4);
    expect(explainWrongOutput({ expected: '3', actual: '4' }, CODE)).toBeUndefined();
  });
});
