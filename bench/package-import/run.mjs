// Package import bounds (issue 47 item 1), measured on the built API (apps/api/dist), in-process:
//   - the LaTeX converter on \illustration nested N levels (each level copies its caption twice): time,
//     output and heap with the statement bound (100,000 characters) and, for comparison, without it
//     (a bound of 1e12) for the smaller depths;
//   - YAML parsing time by file size (what the 16 KB per-file cap keeps out);
//   - reading a heavy package (YAML near its caps, 1 MB of LaTeX nested 60 deep) on the API's event loop
//     as before, and on the reading thread as now: the event loop's longest stall while it is read.
// Prints figures.
//   node bench/package-import/run.mjs [--levels 16,20,22,24] [--unbounded-max 22]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { machineLine, parseArgs, requireFromRoot, ROOT } from '../lib/common.mjs';

const args = parseArgs();
const LEVELS = String(args.levels ?? '16,20,22,24')
  .split(',')
  .map(Number);
const UNBOUNDED_MAX = Number(args['unbounded-max'] ?? 22);
const load = loadavg()[0];
requireFromRoot('reflect-metadata');
const dist = (file) => requireFromRoot(join(ROOT, 'apps/api/dist', file));
const { latexToMarkdown } = dist('packages/latex.js');
const { readPackage } = dist('packages/package-reader.js');
const { readZip } = dist('packages/zip.js');
const { PackageReaderThread } = dist('packages/package-reader-thread.js');
const { parse: parseYaml } = requireFromRoot('yaml');
const yazl = requireFromRoot('yazl');

const nested = (levels) => {
  let tex = 'A caption.';
  for (let i = 0; i < levels; i++) tex = `\\illustration{0.5}{a.png}{${tex}}`;
  return tex;
};
const manyKeys = (bytes, first = '') => {
  let yaml = first;
  for (let i = 0; yaml.length < bytes - 16; i++) yaml += `key${i}: ${i}\n`;
  return yaml;
};
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function convert(levels, bound) {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = process.hrtime.bigint();
  let outcome;
  try {
    outcome = `${latexToMarkdown(nested(levels), bound).markdown.length.toLocaleString('en-US')} characters`;
  } catch (error) {
    outcome = `refused (${error.message})`;
  }
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  const heap = process.memoryUsage().heapUsed - heapBefore;
  return `${ms.toFixed(1)} ms, heap +${mb(Math.max(heap, 0))}, ${outcome}`;
}

console.log('LaTeX: \\illustration nested N levels');
for (const levels of LEVELS) {
  const source = nested(levels).length;
  console.log(`  ${levels} levels (${source} bytes of LaTeX), bounded:   ${convert(levels, 100_000)}`);
  if (levels <= UNBOUNDED_MAX)
    console.log(`  ${levels} levels (${source} bytes of LaTeX), unbounded: ${convert(levels, 1e12)}`);
}

console.log('YAML: parse time by size (distinct keys)');
parseYaml(manyKeys(4 * 1024));
for (const kb of [8, 16, 64, 128, 256]) {
  const text = manyKeys(kb * 1024);
  const started = Date.now();
  parseYaml(text);
  console.log(
    `  ${kb} KB: ${Date.now() - started} ms${kb > 8 ? ' (refused by size before parsing now)' : ''}`,
  );
}

function zipOf(files) {
  const zip = new yazl.ZipFile();
  for (const [path, content] of Object.entries(files)) zip.addBuffer(Buffer.from(content), path);
  zip.end();
  const chunks = [];
  return new Promise((resolve) => {
    zip.outputStream.on('data', (c) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const heavy = await zipOf({
  'problem.yaml': manyKeys(7_800, 'name: Heavy\n'),
  ...Object.fromEntries([1, 2, 3].map((g) => [`data/secret/g${g}/testdata.yaml`, manyKeys(7_800)])),
  'problem_statement/problem.en.tex': '\\textbf{'.repeat(60) + 'word '.repeat(190_000) + '}'.repeat(60),
  'data/sample/1.in': '1\n',
  'data/sample/1.ans': '1\n',
});

async function stallWhile(read) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const started = Date.now();
  const outcome = await read().then(
    () => 'read',
    (error) => `refused: ${error.message.slice(0, 70)}`,
  );
  const ms = Date.now() - started;
  // The histogram's timer records a stall when it next runs: let it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  histogram.disable();
  return `${ms} ms to read, longest event-loop stall ${(histogram.max / 1e6).toFixed(0)} ms (${outcome})`;
}

console.log(`A heavy package (${mb(heavy.length)} zipped): YAML near its caps, 1 MB of LaTeX nested 60 deep`);
console.log(
  `  on the event loop (before): ${await stallWhile(async () => readPackage(await readZip(heavy), 'heavy'))}`,
);
const thread = new PackageReaderThread();
await thread.read(
  await zipOf({ 'problem.yaml': 'name: warm\n', 'data/sample/1.in': '1\n', 'data/sample/1.ans': '1\n' }),
);
console.log(`  on the reading thread (now): ${await stallWhile(() => thread.read(heavy, 'heavy'))}`);
await thread.onModuleDestroy();
console.log(machineLine(load));
