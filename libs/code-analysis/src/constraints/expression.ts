import jsep from 'jsep';

/**
 * The arithmetic of constraint bounds (issue 34): `2^31 - 1`, `10^9 + 7`, `2 * 10^4`, `n - 1`,
 * `s.length + 1`, `nums[i].length`. jsep parses them (a small, well-kept expression parser: member
 * access, calls and precedence come with it); `^` is made a power that binds tighter than `*`, and
 * the text is normalised first (`10⁵`, `2·10^5`, `50,000`, `≤`).
 */
jsep.addBinaryOp('^', 11, true);
jsep.addBinaryOp('**', 11, true);

const SUPERSCRIPTS: Record<string, string> = {
  '⁰': '0',
  '¹': '1',
  '²': '2',
  '³': '3',
  '⁴': '4',
  '⁵': '5',
  '⁶': '6',
  '⁷': '7',
  '⁸': '8',
  '⁹': '9',
};

const SUPERSCRIPT_RUN = /[⁰¹²³⁴⁵⁶⁷⁸⁹]+/g;
const caretExponent = (run: string) => `^${[...run].map((c) => SUPERSCRIPTS[c]).join('')}`;

/** Superscript exponents written with a caret: `10⁵` reads as `10^5`. */
export function caretExponents(text: string): string {
  return text.replace(SUPERSCRIPT_RUN, caretExponent);
}

/** One line as the rules read it: ASCII operators, plain exponents, no thousands separators. */
export function normaliseLine(line: string): string {
  return (
    line
      // Zero-width spaces and joiners (issue 44 rule 15: LeetCode texts carry them after numbers).
      .replace(/[\u200b-\u200d\u2060\ufeff]/g, '')
      // TeX's `$…$` and backquotes go; a quoted `'$'` or `".,|$#@"` is a character and stays.
      .replace(/("[^"]*"|'[^']*')|[`$]/g, (m, quoted: string | undefined) => quoted ?? '')
      .replace(/<\/?(?:code|sup|sub|strong|em|b|i)>/g, (tag) => (tag === '<sup>' ? '^' : ''))
      .replace(/\\le(?:q)?\b/g, '<=')
      .replace(/\\ge(?:q)?\b/g, '>=')
      .replace(/\\(?:cdot|times)\b/g, '*')
      .replace(SUPERSCRIPT_RUN, caretExponent)
      .replace(/[≤⩽]/g, '<=')
      .replace(/[≥⩾]/g, '>=')
      .replace(/≠/g, '!=')
      .replace(/=</g, '<=')
      .replace(/=>/g, '>=')
      .replace(/[−–—]/g, '-')
      .replace(/[×·∗⋅]/g, '*')
      // `2 x 10^5` (a letter x between numbers) is a product.
      .replace(/(\d)\s*x\s*(?=10\b)/g, '$1 * ')
      // Thousands separators: `50,000`, `1,000,000` (a comma between groups of three digits, no space).
      .replace(/\b\d{1,3}(?:,\d{3})+\b/g, (s) => s.replace(/,/g, ''))
      .replace(/(\d)_(?=\d{3}\b)/g, '$1')
      // `{5}` exponents (TeX) and `|s|` lengths.
      .replace(/\^\{(\d+)\}/g, '^$1')
      .replace(/\|([A-Za-z_]\w*)\|/g, '$1.length')
      .replace(/\blen\(([A-Za-z_]\w*)\)/g, '$1.length')
      // `2n`, `3m`: a number times a one-letter name (issue 44 rule 9: `nums.length == 2n`).
      .replace(/(^|[\s(=<>+*-])(\d+)([a-df-z])\b/g, '$1$2 * $3')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

export type Node = jsep.Expression;

/** The parsed expression, or undefined when the text is not one. */
export function parse(text: string): Node | undefined {
  const t = text.trim();
  if (!t) return undefined;
  try {
    const node = jsep(t);
    return node.type === 'Compound' ? undefined : node;
  } catch {
    return undefined;
  }
}

/** A quantity the constraints speak of: `nums:length`, `nums:values`, `grid:columns`, `n` (an alias). */
export type Resolve = (node: Node) => string | undefined;

/** An expression's value: a number, or `times · quantity + plus` when it names one quantity. */
export type Value =
  { kind: 'number'; value: number } | { kind: 'linear'; key: string; times: number; plus: number };

/**
 * The value of an expression: numbers exactly (within doubles), one named quantity at most, linear
 * in it (`2 * n`, `n - 1`, `s.length + 1`). Undefined for anything else.
 */
export function evaluate(node: Node, resolve: Resolve): Value | undefined {
  switch (node.type) {
    case 'Literal': {
      const value = (node as jsep.Literal).value;
      return typeof value === 'number' ? { kind: 'number', value } : undefined;
    }
    case 'UnaryExpression': {
      const u = node as jsep.UnaryExpression;
      const arg = evaluate(u.argument, resolve);
      if (!arg || (u.operator !== '-' && u.operator !== '+')) return undefined;
      return u.operator === '+' ? arg : scale(arg, -1);
    }
    case 'BinaryExpression': {
      const b = node as jsep.BinaryExpression;
      // `-10^4` is -(10^4): jsep binds the sign to the 10 first.
      if ((b.operator === '^' || b.operator === '**') && b.left.type === 'UnaryExpression') {
        const u = b.left as jsep.UnaryExpression;
        if (u.operator === '-') {
          const inner = evaluate({ ...b, left: u.argument } as Node, resolve);
          return inner && scale(inner, -1);
        }
      }
      const left = evaluate(b.left, resolve);
      const right = evaluate(b.right, resolve);
      if (!left || !right) return undefined;
      return combine(b.operator, left, right);
    }
    case 'CallExpression': {
      // `min(10^4, 5 * 10^4)`: numbers only (a bound in quantities is split by the reader first).
      const c = node as jsep.CallExpression;
      const callee = pathOf(c.callee);
      if ((callee === 'min' || callee === 'max') && c.arguments.length > 1) {
        const values = c.arguments.map((a) => evaluate(a, resolve));
        if (values.every((v): v is { kind: 'number'; value: number } => v?.kind === 'number'))
          return { kind: 'number', value: Math[callee](...values.map((v) => v.value)) };
        return undefined;
      }
      const key = resolve(node);
      return key ? { kind: 'linear', key, times: 1, plus: 0 } : undefined;
    }
    default: {
      const key = resolve(node);
      return key ? { kind: 'linear', key, times: 1, plus: 0 } : undefined;
    }
  }
}

function scale(v: Value, k: number): Value {
  return v.kind === 'number'
    ? { kind: 'number', value: v.value * k }
    : { ...v, times: v.times * k, plus: v.plus * k };
}

function combine(op: string, a: Value, b: Value): Value | undefined {
  if (a.kind === 'number' && b.kind === 'number') {
    const x = a.value;
    const y = b.value;
    switch (op) {
      case '+':
        return { kind: 'number', value: x + y };
      case '-':
        return { kind: 'number', value: x - y };
      case '*':
        return { kind: 'number', value: x * y };
      case '/':
        return y === 0 ? undefined : { kind: 'number', value: x / y };
      case '^':
      case '**':
        return { kind: 'number', value: x ** y };
      default:
        return undefined;
    }
  }
  if (a.kind === 'linear' && b.kind === 'linear') return undefined;
  const [lin, num] = a.kind === 'linear' ? [a, b as { value: number }] : [b as Value & { kind: 'linear' }, a];
  switch (op) {
    case '+':
      return { ...lin, plus: lin.plus + num.value };
    case '-':
      return a.kind === 'linear'
        ? { ...lin, plus: lin.plus - num.value }
        : scale({ ...lin, plus: lin.plus - num.value }, -1);
    case '*':
      return scale(lin, num.value);
    case '/':
      return a.kind === 'linear' && num.value !== 0 ? scale(lin, 1 / num.value) : undefined;
    default:
      return undefined;
  }
}

/** The value of a number written as a bound (`10^5`, `2*10^5`, `1e5`, `-2^31`), NaN when it is not one. */
export function numberValue(text: string): number {
  const node = parse(text);
  const value = node && evaluate(node, () => undefined);
  return value?.kind === 'number' ? value.value : NaN;
}

/** The source text of a node (for identifiers and member chains): `nums[i].length`, `grid[0].length`. */
export function pathOf(node: Node): string | undefined {
  switch (node.type) {
    case 'Identifier':
      return (node as jsep.Identifier).name;
    case 'Literal':
      return String((node as jsep.Literal).value);
    case 'MemberExpression': {
      const m = node as jsep.MemberExpression;
      const object = pathOf(m.object);
      const property = pathOf(m.property);
      if (object === undefined || property === undefined) return undefined;
      return m.computed ? `${object}[${property}]` : `${object}.${property}`;
    }
    case 'CallExpression': {
      const c = node as jsep.CallExpression;
      const callee = pathOf(c.callee);
      return callee !== undefined && c.arguments.length === 0 ? `${callee}()` : undefined;
    }
    default:
      return undefined;
  }
}
