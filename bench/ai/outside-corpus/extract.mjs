#!/usr/bin/env node
// Issue 44, item 5: draws the outside corpus — real LeetCode problems' constraints texts as the
// doocs/leetcode repository publishes them (solution/*/README_EN.md), picked at random with a fixed
// seed among the problems whose Java signature Javelin's input types can express.
//
//   node bench/ai/outside-corpus/extract.mjs <doocs/leetcode git dir> > /tmp/outside-corpus.json
//
// The texts are not committed (they are the problems' own text); `labels.json` holds the hand
// labels by problem number, and bench/ai/outside-corpus.mjs reads both.
import { execFileSync } from 'node:child_process';

export const SEED = 44;
export const SAMPLE = 160;

const git = (dir, ...args) =>
  execFileSync('git', ['--git-dir', dir, ...args], { maxBuffer: 1 << 28 }).toString();

const JAVA_TYPES = {
  int: 'int',
  long: 'long',
  double: 'double',
  char: 'char',
  boolean: 'boolean',
  String: 'string',
  'int[]': 'int[]',
  'long[]': 'long[]',
  'double[]': 'double[]',
  'boolean[]': 'boolean[]',
  'char[]': 'char[]',
  'String[]': 'string[]',
  'int[][]': 'int[][]',
  'char[][]': 'char[][]',
  'List<Integer>': 'int[]',
  'List<String>': 'string[]',
  'List<List<Integer>>': 'int[][]',
  'List<Long>': 'long[]',
};

/** The `class Solution` method's parameters, when every type maps to a Javelin input type and the constraints name every parameter (a helper method's do not). */
export function signature(markdown, text) {
  const java = /#### Java\s+```java\s+([\s\S]*?)```/.exec(markdown);
  if (!java || !/^class Solution \{/m.test(java[1])) return undefined;
  for (const m of java[1].matchAll(/^\s{4}public\s+[\w<>[\], ]+?\s+(\w+)\(([^)]*)\)\s*\{/gm)) {
    const vars = [];
    for (const p of m[2]
      .split(/,(?![^<]*>)/)
      .map((s) => s.trim())
      .filter(Boolean)) {
      const pm = /^(?:final\s+)?([\w<>[\], ]+?)\s+(\w+)$/.exec(p);
      const type = pm && JAVA_TYPES[pm[1].replace(/\s+/g, '')];
      if (!type) return undefined;
      vars.push({ name: pm[2], type });
    }
    if (vars.length && vars.every((v) => new RegExp(`\\b${v.name}\\b`).test(text)))
      return { method: m[1], vars };
  }
  return undefined;
}

const ENTITIES = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&nbsp;': ' ',
  '&quot;': '"',
  '&#39;': "'",
  '&le;': '≤',
  '&ge;': '≥',
  '&times;': '×',
  '&ne;': '≠',
};

/** The constraints list as text: one line per item, `10<sup>4</sup>` as `10^4`, subscripts run on (`start<sub>i</sub>` → `starti`, as the page reads). */
export function constraintsText(markdown) {
  const m =
    /Constraints:?<\/strong>:?\s*<\/p>\s*([\s\S]*?)(?:<!-- description:end -->|<p>&nbsp;<\/p>|<strong>Follow)/i.exec(
      markdown,
    );
  if (!m) return undefined;
  const items = [...m[1].matchAll(/<li>([\s\S]*?)<\/li>/g)].map((x) => x[1]);
  if (items.length === 0) return undefined;
  const text = items.map((h) =>
    h
      .replace(/<sup>([\s\S]*?)<\/sup>/g, '^$1')
      .replace(/<sub>([\s\S]*?)<\/sub>/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/&[#\w]+;/g, (e) => ENTITIES[e] ?? e)
      .replace(/\s+/g, ' ')
      .trim(),
  );
  return text.join('\n');
}

/** mulberry32: a small seeded generator, so the draw is the same on every machine. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every eligible problem, in number order. */
export function eligible(dir) {
  const files = git(dir, 'ls-tree', '-r', '--name-only', 'HEAD')
    .split('\n')
    .filter((f) => /^solution\/\d{4}-\d{4}\/\d{4}\.[^/]+\/README_EN\.md$/.test(f))
    .sort();
  const out = [];
  for (const f of files) {
    const md = git(dir, 'show', `HEAD:${f}`);
    const text = constraintsText(md);
    const sig = text && signature(md, text);
    if (!sig) continue;
    const id = Number(/\/(\d{4})\./.exec(f)[1]);
    const title = /^# \[([^\]]+)\]/m.exec(md)?.[1] ?? f;
    out.push({ id, title, vars: sig.vars, text });
  }
  return out;
}

/** Samples A (measured), B, C, D, E, F, G, H, I, J, K, L, M and N (each held out from the rules of its time), drawn by a seeded Fisher–Yates shuffle. */
export function draw(all, seed = SEED, size = SAMPLE) {
  const rnd = random(seed);
  const xs = [...all];
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  // D (held out from the final rules): C's last 60 and the next 40 of the draw. E (held out from
  // round 4) and F (held out from round 5, the confirmation): the next 60 each, never in A–D.
  return {
    a: xs.slice(0, size),
    b: xs.slice(size, 2 * size),
    c: xs.slice(2 * size, 3 * size),
    d: xs.slice(2 * size + 100, 3 * size + 40),
    e: xs.slice(3 * size + 40, 3 * size + 100),
    f: xs.slice(3 * size + 100, 3 * size + 160),
    // G (session 14, held out from the token-accounting reader): the next 60, never in A–F.
    g: xs.slice(3 * size + 160, 3 * size + 220),
    // H (held out from the reader tuned on G): the next 60, never in A–G.
    h: xs.slice(3 * size + 220, 3 * size + 280),
    // I (held out from the reader tuned on H): the next 60, never in A–H.
    i: xs.slice(3 * size + 280, 3 * size + 340),
    // J (held out from the reader tuned on I): the next 60, never in A–I.
    j: xs.slice(3 * size + 340, 3 * size + 400),
    // K (held out from the reader tuned on J): the next 60, never in A–J.
    k: xs.slice(3 * size + 400, 3 * size + 460),
    // L (held out from the reader tuned on K): the next 60, never in A–K.
    l: xs.slice(3 * size + 460, 3 * size + 520),
    // M (session 15, held out from the reader tuned on L): the next 60, never in A–L.
    m: xs.slice(3 * size + 520, 3 * size + 580),
    // N (session 15, held out from the reader tuned on M): the next 60, never in A–M.
    n: xs.slice(3 * size + 580, 3 * size + 640),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: extract.mjs <doocs/leetcode git dir>');
  const all = eligible(dir);
  const { a, b, c, d, e, f, g, h, i, j, k, l, m, n } = draw(all);
  process.stderr.write(
    `${all.length} eligible problems; samples A ${a.length}, B ${b.length}, C ${c.length}, D ${d.length}, E ${e.length}, F ${f.length}, G ${g.length}, H ${h.length}, I ${i.length}, J ${j.length}, K ${k.length}, L ${l.length}, M ${m.length}, N ${n.length}\n`,
  );
  process.stdout.write(
    JSON.stringify({ seed: SEED, eligible: all.length, a, b, c, d, e, f, g, h, i, j, k, l, m, n }, null, 1),
  );
}
