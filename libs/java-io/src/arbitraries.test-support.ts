import fc from 'fast-check';
import type { ProblemInputType } from '@javelin/contracts';
import { LONG_MAX, LONG_MIN, TYPE_SHAPES, type JavaValue, type ScalarKind } from './typed-values';
import { INT_MAX, INT_MIN } from './values';

/** Any single-line text: spaces, punctuation, brackets, quotes and non-ASCII included, never \r or \n. */
const line = fc.string({ unit: 'binary', maxLength: 12 }).map((s) => s.replace(/[\r\n]/g, ' '));

/** One UTF-16 unit that is neither a line break nor half a surrogate pair. */
const javaChar = fc
  .integer({ min: 0, max: 0xffff })
  .filter((c) => c !== 10 && c !== 13 && (c < 0xd800 || c > 0xdfff))
  .map((c) => String.fromCharCode(c));

const SCALARS: Record<ScalarKind, fc.Arbitrary<JavaValue>> = {
  int: fc.oneof(fc.integer({ min: INT_MIN, max: INT_MAX }), fc.constantFrom(INT_MIN, INT_MAX, 0, -1)),
  long: fc.oneof(fc.bigInt({ min: LONG_MIN, max: LONG_MAX }), fc.constantFrom(LONG_MIN, LONG_MAX, 0n)),
  double: fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(-0, 0.1, 1e-7, 1e7, 123456.789, Number.MAX_VALUE, Number.MIN_VALUE),
  ),
  char: fc.oneof(javaChar, fc.constantFrom(' ', 'a', '#', '\t')),
  boolean: fc.boolean(),
  string: fc.oneof(line, fc.constantFrom('', ' ', 'two words', '  padded  ', '[1,2]', '"quoted"')),
};

/** Random values of `type` (parsed form): negatives, extremes, empty arrays and rows, strings with spaces. */
export function valueArbitrary(type: ProblemInputType): fc.Arbitrary<JavaValue> {
  const { element, depth } = TYPE_SHAPES[type];
  const scalar = SCALARS[element];
  if (depth === 0) return scalar;
  const row = fc.array(scalar, { maxLength: 6 });
  return depth === 1 ? row : fc.array(row, { maxLength: 4 });
}
