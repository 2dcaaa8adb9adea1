// Reads a V8 .cpuprofile (node --cpu-prof, e.g. bench/leaderboard/run.mjs --cpu-prof DIR) and prints where the time
// went: self time by package and by function, and inclusive time by package, app file and function.
//   node bench/profile/summary.mjs FILE.cpuprofile [FILTER]   (FILTER keeps inclusive rows containing it, e.g. pkg: or standings)
import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = new Map();
for (let i = 0; i < p.samples.length; i++)
  dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let total = 0;
const pkg = new Map();
const fn = new Map();
const incl = new Map();
for (const [id, t] of dt) {
  total += t;
  const n = byId.get(id);
  const url = n.callFrame.url || '(native)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  const key = m
    ? m[1]
    : url.includes('/dist/')
      ? 'app'
      : url.startsWith('node:')
        ? url
        : n.callFrame.functionName || url;
  pkg.set(key, (pkg.get(key) ?? 0) + t);
  const f = `${n.callFrame.functionName || '(anon)'} ${url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`;
  fn.set(f, (fn.get(f) ?? 0) + t);
  // inclusive per package (count once per sample)
  const seen = new Set();
  let cur = id;
  while (cur !== undefined) {
    const cn = byId.get(cur);
    const u = cn.callFrame.url || '';
    const mm = u.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
    const k = mm ? 'pkg:' + mm[1] : u.includes('/dist/') ? 'file:' + u.split('/dist/')[1] : null;
    const k2 = 'fn:' + (cn.callFrame.functionName || '(anon)') + ' ' + u.split('/').slice(-1)[0];
    for (const kk of [k, k2])
      if (kk && !seen.has(kk)) {
        seen.add(kk);
        incl.set(kk, (incl.get(kk) ?? 0) + t);
      }
    cur = parent.get(cur);
  }
}
const top = (m, n) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, v]) =>
        `${(v / 1000).toFixed(0).padStart(7)} ms ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`,
    )
    .join('\n');
console.log(`total ${(total / 1e6).toFixed(1)} s`);
console.log('--- self by package\n' + top(pkg, 25));
console.log('--- self by function\n' + top(fn, 40));
console.log(
  '--- inclusive\n' +
    top(new Map([...incl].filter(([k]) => !process.argv[3] || k.includes(process.argv[3]))), 60),
);
