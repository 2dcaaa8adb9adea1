#!/usr/bin/env node
// Issue 44, item 5: the constraint reader on problems nobody on the team wrote. For each variable of
// the outside corpus (bench/ai/outside-corpus/: 160 real LeetCode problems drawn with a fixed seed,
// labelled by hand in labels.txt before the reader ran), it compares what readConstraints reads with
// the label and prints right / honest miss / silently wrong per variable.
//
//   npx nx build code-analysis
//   node bench/ai/outside-corpus/extract.mjs <doocs/leetcode git dir> > /tmp/outside-corpus.json
//   node bench/ai/outside-corpus.mjs --corpus /tmp/outside-corpus.json [--sample a] [--detail]
//
// A variable is right when every labelled quantity reads exactly as labelled and nothing else is
// claimed of it; an honest miss when the reader claims nothing false of it and a line about it is
// listed as not understood (the generator then takes a stated default); silently wrong otherwise (a
// bound, alphabet or distinctness the text does not state, or a stated one dropped without a word).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { options, requireFromRoot, ROOT } from '../lib/common.mjs';

const opt = options();
const { readConstraints, resolvedBound } = requireFromRoot('@javelin/code-analysis');

const corpusFile = opt('corpus', '/tmp/outside-corpus.json');
const corpus = JSON.parse(readFileSync(corpusFile, 'utf8'));
const sample = corpus[opt('sample', 'a')];
const labelsFile = opt(
  'labels',
  join(
    ROOT,
    `bench/ai/outside-corpus/${{ a: 'labels', b: 'labels-b', c: 'labels-c', d: 'labels-d', e: 'labels-e', f: 'labels-f', g: 'labels-g', h: 'labels-h', i: 'labels-i', j: 'labels-j', k: 'labels-k', l: 'labels-l', m: 'labels-m', n: 'labels-n' }[opt('sample', 'a')]}.txt`,
  ),
);
const detail = process.argv.includes('--detail');

/** `3043 | arr1: len=1..5e4 val=1..1e8 | arr2: …` → Map(id → Map(variable → {quantity: label})). */
function parseLabels(text) {
  const out = new Map();
  for (const line of text.split('\n')) {
    if (!/^\d/.test(line)) continue;
    const [id, ...vars] = line.split(' | ');
    const byVar = new Map();
    for (const v of vars) {
      const [name, rest] = v.split(/:\s*(.*)/s);
      const q = {};
      for (const item of (rest ?? '').trim().split(/\s+/).filter(Boolean)) {
        const [k, val] = item.includes('=') ? item.split(/=(.*)/s) : [item, 'true'];
        q[k] = val;
      }
      byVar.set(name.trim(), q);
    }
    out.set(Number(id), byVar);
  }
  return out;
}

function alphabetOf(spec) {
  const chars = new Set();
  // `printable`: printable ASCII (32–126).
  if (spec === 'printable') {
    for (let c = 32; c <= 126; c++) chars.add(String.fromCharCode(c));
    return chars;
  }
  for (let i = 0; i < spec.length; i++) {
    if (spec[i] === '\\') {
      i++;
      chars.add(spec[i] === 's' ? ' ' : spec[i]);
    } else if (
      spec[i + 1] === '-' &&
      i + 2 < spec.length &&
      /[a-zA-Z0-9]/.test(spec[i]) &&
      spec[i] < spec[i + 2]
    ) {
      for (let c = spec.charCodeAt(i); c <= spec.charCodeAt(i + 2); c++) chars.add(String.fromCharCode(c));
      i += 2;
    } else chars.add(spec[i]);
  }
  return chars;
}

const same = (a, b) =>
  a === undefined || a === null
    ? b === undefined || b === null
    : b !== undefined && b !== null && Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
const range = (label) => {
  const [lo, hi] = label.split('..');
  return { min: lo === '' ? undefined : Number(lo), max: hi === '' ? undefined : Number(hi) };
};
const ASPECT = { len: 'length', val: 'values', cols: 'columns', elen: 'elementLength', sum: 'sum' };

/** One quantity: 'right', 'miss' (nothing claimed, or less than stated) or 'wrong' (a claim the text does not make). */
function judgeRange(label, got) {
  const claimed = got.min !== undefined || got.max !== undefined;
  if (label === '?') return claimed ? 'wrong' : 'miss';
  const want = range(label);
  if (same(want.min, got.min) && same(want.max, got.max)) return 'right';
  const sideOk = (w, g) => same(w, g) || g === undefined;
  return sideOk(want.min, got.min) && sideOk(want.max, got.max) ? 'miss' : 'wrong';
}

function judgeVariable(reading, v, labels) {
  const notes = [];
  const verdicts = [];
  const take = (what, verdict, got) => {
    verdicts.push(verdict);
    if (verdict !== 'right') notes.push(`${what}: ${verdict} (label ${labels[what] ?? 'none'}, read ${got})`);
  };
  const columns = Object.keys(labels).filter((k) => /^col\d+$/.test(k));
  for (const [q, aspect] of Object.entries(ASPECT)) {
    const got = resolvedBound(reading, `${v.name}:${aspect}`);
    const shown = `${got.min ?? ''}..${got.max ?? ''}`;
    if (labels[q] !== undefined) take(q, judgeRange(labels[q], got), shown);
    else if (q === 'val' && columns.length) {
      // Per-column ranges: each column must read as labelled; one merged range is wrong.
      for (const c of columns) {
        const col = resolvedBound(reading, `${v.name}:column${c.slice(3)}`);
        const colShown = `${col.min ?? ''}..${col.max ?? ''}`;
        const merged = got.min !== undefined || got.max !== undefined;
        take(
          c,
          col.min === undefined && col.max === undefined && merged ? 'wrong' : judgeRange(labels[c], col),
          colShown === '..' ? `values ${shown}` : colShown,
        );
      }
    } else if (got.min !== undefined || got.max !== undefined) take(q, 'wrong', shown);
  }
  const alpha = reading.alphabets.get(v.name);
  if (labels.alpha !== undefined) {
    if (labels.alpha === '?') take('alpha', alpha ? 'wrong' : 'miss', alpha);
    else {
      const want = alphabetOf(labels.alpha);
      const ok = alpha && alpha.length === want.size && [...alpha].every((c) => want.has(c));
      take('alpha', ok ? 'right' : alpha ? 'wrong' : 'miss', JSON.stringify(alpha));
    }
  } else if (alpha) take('alpha', 'wrong', JSON.stringify(alpha));
  if (labels.distinct !== '?') {
    const has = reading.distinct.has(v.name);
    if (labels.distinct === 'true') take('distinct', has ? 'right' : 'miss', has);
    else if (has) take('distinct', 'wrong', has);
  }
  if (verdicts.includes('wrong')) return { verdict: 'wrong', notes };
  if (verdicts.includes('miss')) {
    // Honest only when a line the reader did not (fully) understand speaks of this variable.
    const unread = reading.lines.filter((l) => l.rules.length === 0 || l.partial);
    const names = new Set([v.name]);
    for (const [alias, target] of reading.aliases) if (target.split(/[.[]/)[0] === v.name) names.add(alias);
    for (const [col, { matrix }] of reading.columnNames)
      if (matrix === v.name) names.add(col.replace(/_i$/, ''));
    const speaks = unread.some(
      (l) => [...names].some((n) => new RegExp(`\\b${n}`).test(l.text)) || undeclared(l.text, reading),
    );
    return {
      verdict: speaks ? 'miss' : 'wrong',
      notes: speaks ? notes : [...notes, 'no line listed as not understood'],
    };
  }
  return { verdict: 'right', notes };
}

/** Whether a line names something that is no variable (`ai`, `pos`, `hh`): it may be about any of them. */
function undeclared(text, reading) {
  const known = new Set([...reading.vars.map((v) => v.name), ...reading.aliases.keys()]);
  return [...text.matchAll(/\b[A-Za-z_]\w*\b/g)].some(
    (m) => !known.has(m[0]) && /^[a-z]\w*$/.test(m[0]) && m[0].length <= 12 && !WORDS.has(m[0].toLowerCase()),
  );
}
const WORDS = new Set(
  'is are the of and or a an in to be for all each only not no with any given at most least from as by it its this that than between consists consist contains contain lowercase uppercase english letters letter digits digit characters character length sum valid unique distinct integer integers string strings array arrays element elements value values equal generated input such there will guaranteed i j k'.split(
    ' ',
  ),
);

const labels = parseLabels(readFileSync(labelsFile, 'utf8'));
const tally = { right: 0, miss: 0, wrong: 0 };
const lines = [];
let problems = 0;
for (const p of sample) {
  const byVar = labels.get(p.id);
  if (!byVar) continue;
  problems++;
  const reading = readConstraints(p.text, p.vars);
  reading.vars = p.vars;
  for (const v of p.vars) {
    const { verdict, notes } = judgeVariable(reading, v, byVar.get(v.name) ?? {});
    tally[verdict]++;
    if (verdict !== 'right')
      lines.push(
        `${p.id} ${v.name}: ${verdict === 'wrong' ? 'SILENTLY WRONG' : 'honest miss'} — ${notes.join('; ')}`,
      );
  }
}
const total = tally.right + tally.miss + tally.wrong;
const pc = (x) => `${((100 * x) / total).toFixed(1)} %`;
console.log(
  `outside corpus ${corpusFile} sample ${opt('sample', 'a')} (seed ${corpus.seed}, ${corpus.eligible} eligible): ${problems} problems, ${total} variables`,
);
console.log(
  `right ${tally.right} (${pc(tally.right)}), honest miss ${tally.miss} (${pc(tally.miss)}), silently wrong ${tally.wrong} (${pc(tally.wrong)})`,
);
if (detail) for (const l of lines) console.log(l);
