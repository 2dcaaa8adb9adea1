#!/usr/bin/env node
/**
 * Local check of the seed's problem packages (issue 29), on this machine, without the judge:
 *
 *   node apps/api/src/seed/packages/verify-local.mjs [package …]
 *
 * For every package folder (one holding problem.yaml): checks its layout (statement, 1–3 samples,
 * 8–30 secret tests, every .in with its .ans, an accepted and a wrong_answer submission), compiles
 * each Java submission with javac, runs it with java on every test (sample and secret, in the
 * format's lexicographic order) and judges the output the way the package says: the format's default
 * output validator (tokens; case-insensitive unless `case_sensitive`; `float_tolerance`,
 * `float_absolute_tolerance`, `float_relative_tolerance`) or the package's Java output validator
 * (`validator input judge_answer feedback_dir [flags] < team_output`, exit 42 accepted, 43 wrong
 * answer). Then it checks each submission got what its folder claims:
 *
 * - accepted: accepted on every test, each within the time limit;
 * - wrong_answer: a wrong answer on some secret test, and never too slow nor crashing;
 * - time_limit_exceeded: over the time limit on some test (judging stops there, as a judge does).
 *
 * Trusted content only (the packages in this folder): programs run unsandboxed, with timeouts.
 * Times are CPU seconds (user + system, every JVM thread, JVM start included; wall-clock when GNU time
 * is missing), measured on a shared machine without the sandbox: the judge's verify route is the
 * real measurement. Exits 1 when anything is off.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(fileURLToPath(import.meta.url));
const JAVA_OPTS = ['-Xss64m', '-XX:+UseSerialGC'];
const WORK = mkdtempSync(join(tmpdir(), 'javelin-pkg-verify-'));

/** The few problem.yaml keys this needs (flat keys and the `limits` map), read without a YAML library. */
function readProblemYaml(file) {
  const out = { limits: {} };
  let section = null;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.replace(/\s+#.*$/, '');
    if (!line.trim()) continue;
    const m = /^(\s*)([A-Za-z_]+):\s*(.*)$/.exec(line);
    if (!m) continue;
    const [, indent, key, value] = m;
    const clean = value.replace(/^(['"])(.*)\1$/, '$2');
    if (indent === '') {
      section = value === '' ? key : null;
      if (value !== '') out[key] = clean;
    } else if (section === 'limits') out.limits[key] = clean;
  }
  return out;
}

/** Validator flags → the default validator's options. */
function readFlags(flags) {
  const words = (flags ?? '').split(/\s+/).filter(Boolean);
  const opts = { caseSensitive: false, spaceSensitive: false, abs: null, rel: null };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (w === 'case_sensitive') opts.caseSensitive = true;
    else if (w === 'space_change_sensitive') opts.spaceSensitive = true;
    else if (w === 'float_tolerance') opts.abs = opts.rel = Number(words[++i]);
    else if (w === 'float_absolute_tolerance') opts.abs = Number(words[++i]);
    else if (w === 'float_relative_tolerance') opts.rel = Number(words[++i]);
  }
  return opts;
}

const FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(inf|infinity|nan)$/i;

/** The format's default output validator: token by token. Returns null when accepted, else why not. */
function defaultValidator(answer, output, opts) {
  const split = (text) =>
    opts.spaceSensitive ? text.split(/(\s+)/).filter((t) => t !== '') : text.split(/\s+/).filter(Boolean);
  const want = split(answer);
  const got = split(output);
  for (let i = 0; i < Math.max(want.length, got.length); i++) {
    const a = want[i];
    const b = got[i];
    if (a === undefined) return `extra output "${b.slice(0, 30)}" after ${want.length} tokens`;
    if (b === undefined) return `output ends after ${got.length} tokens, ${want.length} expected`;
    if ((opts.abs !== null || opts.rel !== null) && FLOAT.test(a)) {
      if (!FLOAT.test(b)) return `token ${i + 1}: "${b.slice(0, 30)}" is not a number (expected ${a})`;
      const x = Number(a);
      const y = Number(b);
      const okAbs = opts.abs !== null && Math.abs(x - y) <= opts.abs;
      const okRel = opts.rel !== null && Math.abs(x - y) <= opts.rel * Math.abs(x);
      if (!okAbs && !okRel && x !== y) return `token ${i + 1}: ${b} is not within tolerance of ${a}`;
      continue;
    }
    const same = opts.caseSensitive ? a === b : a.toLowerCase() === b.toLowerCase();
    if (!same) return `token ${i + 1}: "${b.slice(0, 30)}" where "${a.slice(0, 30)}" was expected`;
  }
  return null;
}

function listFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? listFiles(path) : [path];
    });
}

/** `.in`/`.ans` pairs under data/<group>, in the format's order (lexicographic, groups included). */
function tests(pkg, group) {
  const files = listFiles(join(pkg, 'data', group));
  const ins = files.filter((f) => f.endsWith('.in'));
  const problems = [];
  for (const f of files.filter((f) => f.endsWith('.ans')))
    if (!existsSync(f.replace(/\.ans$/, '.in'))) problems.push(`${relative(pkg, f)} has no .in`);
  const pairs = ins.map((input) => ({
    input,
    answer: input.replace(/\.in$/, '.ans'),
    name: relative(join(pkg, 'data'), input).replace(/\.in$/, ''),
  }));
  for (const p of pairs) if (!existsSync(p.answer)) problems.push(`${relative(pkg, p.input)} has no .ans`);
  return { pairs, problems };
}

/** The top-level class whose body holds `main`, qualified by the file's package. */
function mainClass(source) {
  // Blank out comments and string/char literals, keeping offsets, so braces can be counted.
  const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'/g, (m) =>
    m.replace(/[^\n]/g, ' '),
  );
  const pkg = /^\s*package\s+([\w.]+)\s*;/m.exec(code)?.[1];
  const at = code.search(/\bstatic\s+void\s+main\s*\(/);
  const tops = [];
  let depth = 0;
  for (let i = 0; i < code.length; i++) {
    if (code[i] === '{') depth++;
    else if (code[i] === '}') {
      depth--;
      if (depth === 0 && tops.length) tops.at(-1).end = i;
    } else if (depth === 0) {
      const m = /^\b(?:class|record|enum|interface)\s+([A-Za-z_$][\w$]*)/.exec(code.slice(i, i + 200));
      if (m && (i === 0 || /\W/.test(code[i - 1]))) tops.push({ name: m[1], start: i, end: code.length });
    }
  }
  const owner = tops.find((t) => t.start < at && at < t.end);
  if (!owner) throw new Error('no top-level class with main');
  return pkg ? `${pkg}.${owner.name}` : owner.name;
}

function compile(file, outDir) {
  mkdirSync(outDir, { recursive: true });
  const r = spawnSync('javac', ['-encoding', 'UTF-8', '-nowarn', '-d', outDir, file], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  if (r.status !== 0) throw new Error(`javac failed: ${(r.stderr || r.error?.message || '').slice(0, 500)}`);
  return mainClass(readFileSync(file, 'utf8'));
}

const TIME = existsSync('/usr/bin/time') && spawnSync('timeout', ['--version']).status === 0;

/**
 * Runs a class with java. With GNU time and timeout at hand (Debian has both), `ms` is the CPU time
 * (user + system, the JVM's threads included) as a judge counts it, and the program is killed with
 * its JVM at `timeoutMs` of wall time; otherwise `ms` is wall time.
 */
function run(classDir, cls, args, input, timeoutMs, memoryMb = 256) {
  const java = ['java', `-Xmx${memoryMb}m`, ...JAVA_OPTS, '-cp', classDir, cls, ...args];
  const timeFile = join(WORK, 'time.txt');
  const argv = TIME
    ? [
        '/usr/bin/time',
        '-f',
        '%U %S',
        '-o',
        timeFile,
        'timeout',
        '-s',
        'KILL',
        `${timeoutMs / 1000}`,
        ...java,
      ]
    : java;
  const start = process.hrtime.bigint();
  const r = spawnSync(argv[0], argv.slice(1), {
    input,
    encoding: 'utf8',
    timeout: timeoutMs + 5000,
    killSignal: 'SIGKILL',
    maxBuffer: 64 * 1024 * 1024,
  });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  let ms = wallMs;
  let status = r.status;
  if (TIME && existsSync(timeFile)) {
    const lines = readFileSync(timeFile, 'utf8').trim().split('\n');
    const [user, system] = (lines.at(-1) ?? '').split(' ').map(Number);
    if (Number.isFinite(user) && Number.isFinite(system)) ms = (user + system) * 1000;
    rmSync(timeFile);
  }
  const killed = TIME ? status === 137 && wallMs >= timeoutMs : r.error?.code === 'ETIMEDOUT';
  if (killed) status = null;
  return {
    status,
    signal: killed ? 'SIGKILL' : r.signal,
    stdout: r.stdout ?? '',
    stderr: r.stderr ?? '',
    ms,
    wallMs,
    timedOut: killed,
  };
}

/** One test: AC, WA, TLE or RTE (and JE when the validator misbehaves), with a reason. */
function judge(pkg, ctx, sub, test) {
  const input = readFileSync(test.input, 'utf8');
  const answer = readFileSync(test.answer, 'utf8');
  const limitMs = ctx.timeLimit * 1000;
  // killed at twice the limit (wall) plus a second: enough for an accepted run on a busy machine
  const r = run(sub.dir, sub.cls, [], input, 2 * limitMs + 1000, ctx.memoryMb);
  if (r.timedOut || r.ms > limitMs)
    return {
      verdict: 'TLE',
      ms: r.ms,
      why: r.timedOut ? `killed after ${(r.wallMs / 1000).toFixed(2)} s` : `${(r.ms / 1000).toFixed(2)} s`,
    };
  if (r.status !== 0)
    return { verdict: 'RTE', ms: r.ms, why: `exit ${r.status ?? r.signal}: ${r.stderr.split('\n')[0]}` };
  if (!ctx.validator) {
    const why = defaultValidator(answer, r.stdout, ctx.flags);
    return { verdict: why ? 'WA' : 'AC', ms: r.ms, why };
  }
  const feedback = join(WORK, 'feedback', `${Date.now()}-${Math.random().toString(36).slice(2)}`) + '/';
  mkdirSync(feedback, { recursive: true });
  const v = run(
    ctx.validator.dir,
    ctx.validator.cls,
    [test.input, test.answer, feedback, ...ctx.flagWords],
    r.stdout,
    30_000,
  );
  const message = existsSync(join(feedback, 'judgemessage.txt'))
    ? readFileSync(join(feedback, 'judgemessage.txt'), 'utf8').trim()
    : '';
  rmSync(feedback, { recursive: true, force: true });
  if (v.status === 42) return { verdict: 'AC', ms: r.ms };
  if (v.status === 43) return { verdict: 'WA', ms: r.ms, why: message || 'validator: wrong answer' };
  return {
    verdict: 'JE',
    ms: r.ms,
    why: `validator exit ${v.status ?? v.signal}: ${v.stderr.split('\n')[0]}`,
  };
}

function checkLayout(pkg, meta, sample, secret) {
  const problems = [...sample.problems, ...secret.problems];
  if (!meta.name) problems.push('problem.yaml has no name');
  if (!meta.uuid) problems.push('problem.yaml has no uuid');
  if (!meta.limits.time_limit) problems.push('problem.yaml has no limits.time_limit');
  const statements = existsSync(join(pkg, 'problem_statement'))
    ? readdirSync(join(pkg, 'problem_statement')).filter((f) => /^problem\.[a-z]{2}\.(md|tex)$/.test(f))
    : [];
  if (statements.length === 0) problems.push('no problem_statement/problem.<lang>.{md,tex}');
  if (sample.pairs.length < 1 || sample.pairs.length > 3)
    problems.push(`${sample.pairs.length} samples (1–3 wanted)`);
  if (secret.pairs.length < 8 || secret.pairs.length > 30)
    problems.push(`${secret.pairs.length} secret tests (8–30 wanted)`);
  for (const folder of ['accepted', 'wrong_answer'])
    if (listFiles(join(pkg, 'submissions', folder)).filter((f) => f.endsWith('.java')).length === 0)
      problems.push(`no submissions/${folder}/*.java`);
  if (/custom/.test(meta.validation ?? '') && listFiles(join(pkg, 'output_validators')).length === 0)
    problems.push('validation: custom without output_validators/');
  return problems;
}

/** Whether a submission's verdicts are what its folder allows. */
function expectation(folder, results, sampleCount) {
  const verdicts = results.map((r) => r.verdict);
  const secretVerdicts = verdicts.slice(sampleCount);
  switch (folder) {
    case 'accepted':
      return verdicts.every((v) => v === 'AC') ? null : 'not accepted on every test';
    case 'wrong_answer':
      if (verdicts.some((v) => v === 'TLE' || v === 'RTE' || v === 'JE'))
        return 'too slow, crashing or a judge error on some test';
      return secretVerdicts.includes('WA') ? null : 'no wrong answer on a secret test';
    case 'time_limit_exceeded':
      if (verdicts.some((v) => v === 'RTE' || v === 'JE')) return 'crashes on some test';
      return verdicts.includes('TLE') ? null : 'never over the time limit';
    default:
      return `folder ${folder} is not checked here`;
  }
}

function verifyPackage(pkg) {
  const name = basename(pkg);
  const meta = readProblemYaml(join(pkg, 'problem.yaml'));
  const sample = tests(pkg, 'sample');
  const secret = tests(pkg, 'secret');
  const all = [...sample.pairs, ...secret.pairs];
  const layout = checkLayout(pkg, meta, sample, secret);
  const flagWords = (meta.validator_flags ?? '').split(/\s+/).filter(Boolean);
  const ctx = {
    timeLimit: Number(meta.limits.time_limit ?? 1),
    memoryMb: Number(meta.limits.memory ?? 256),
    flags: readFlags(meta.validator_flags),
    flagWords,
    validator: null,
  };
  const describe = [
    `time limit ${ctx.timeLimit} s`,
    meta.validation && meta.validation !== 'default' ? `validation: ${meta.validation}` : null,
    meta.validator_flags ? `flags: ${meta.validator_flags}` : null,
  ].filter(Boolean);
  console.log(
    `\n== ${name}: ${meta.name} (${describe.join(', ')}; ${sample.pairs.length} sample + ${secret.pairs.length} secret tests)`,
  );
  let ok = true;
  for (const p of layout) {
    console.log(`   LAYOUT: ${p}`);
    ok = false;
  }
  if (/custom/.test(meta.validation ?? '')) {
    const source = listFiles(join(pkg, 'output_validators')).find((f) => f.endsWith('.java'));
    const dir = join(WORK, name, 'validator');
    ctx.validator = { dir, cls: compile(source, dir) };
    console.log(`   output validator ${relative(pkg, source)} compiled (class ${ctx.validator.cls})`);
    // Sanity: on every test the judge's own answer is accepted (42) and an empty output rejected (43).
    const probes = { ownAnswer: 0, empty: 0 };
    for (const test of all) {
      for (const [probe, output, want] of [
        ['ownAnswer', readFileSync(test.answer, 'utf8'), 42],
        ['empty', '', 43],
      ]) {
        const feedback = join(WORK, 'probe') + '/';
        mkdirSync(feedback, { recursive: true });
        const v = run(
          ctx.validator.dir,
          ctx.validator.cls,
          [test.input, test.answer, feedback, ...flagWords],
          output,
          30_000,
        );
        rmSync(feedback, { recursive: true, force: true });
        if (v.status === want) probes[probe]++;
        else
          console.log(
            `   FAIL validator on ${test.name}: exit ${v.status} for the ${probe === 'empty' ? 'empty output' : "judge's own answer"} (${want} wanted)`,
          );
      }
    }
    if (probes.ownAnswer !== all.length || probes.empty !== all.length) ok = false;
    console.log(
      `   ${ok ? 'ok  ' : 'FAIL'} validator probes: judge's answer accepted on ${probes.ownAnswer}/${all.length}, empty output rejected on ${probes.empty}/${all.length}`,
    );
  }
  const submissions = listFiles(join(pkg, 'submissions')).filter((f) => f.endsWith('.java'));
  for (const file of submissions) {
    const folder = relative(join(pkg, 'submissions'), file).split('/')[0];
    const label = relative(join(pkg, 'submissions'), file);
    let sub;
    try {
      const dir = join(WORK, name, label.replace(/[/.]/g, '_'));
      sub = { dir, cls: compile(file, dir) };
    } catch (err) {
      console.log(`   FAIL ${label}: ${err.message}`);
      ok = false;
      continue;
    }
    const results = [];
    for (const test of all) {
      const result = judge(pkg, ctx, sub, test);
      results.push({ ...result, test: test.name });
      if (folder === 'time_limit_exceeded' && result.verdict !== 'AC') break;
    }
    const problem = expectation(folder, results, sample.pairs.length);
    const counts = Object.entries(
      results.reduce((acc, r) => ({ ...acc, [r.verdict]: (acc[r.verdict] ?? 0) + 1 }), {}),
    )
      .map(([v, n]) => `${v} ${n}`)
      .join(', ');
    const maxMs = Math.max(...results.filter((r) => r.verdict === 'AC').map((r) => r.ms), 0);
    const firstBad = results.find((r) => r.verdict !== 'AC');
    const detail = firstBad
      ? `; first ${firstBad.verdict} on ${firstBad.test}${firstBad.why ? ` (${firstBad.why})` : ''}`
      : '';
    console.log(
      `   ${problem ? 'FAIL' : 'ok  '} ${label} [${sub.cls}]: ${counts} of ${all.length}, slowest accepted run ${(maxMs / 1000).toFixed(2)} s ${TIME ? 'CPU' : 'wall'}${detail}${problem ? ` — ${problem}` : ''}`,
    );
    if (problem) ok = false;
  }
  return ok;
}

const only = process.argv.slice(2);
const packages = readdirSync(ROOT)
  .filter((d) => existsSync(join(ROOT, d, 'problem.yaml')))
  .filter((d) => only.length === 0 || only.includes(d))
  .sort();
let failed = 0;
try {
  for (const d of packages) if (!verifyPackage(join(ROOT, d))) failed++;
} finally {
  rmSync(WORK, { recursive: true, force: true });
}
console.log(`\n${packages.length - failed} packages verified, ${failed} failed`);
process.exit(failed ? 1 : 0);
