// Finds the stretches of a V8 .cpuprofile with no idle sample for longer than MS milliseconds, and what ran in them
// (the app frames on the stack, and the function on top). Fewer samples than milliseconds in a stretch means the
// process was waiting for a core, not running one long task.
//   node bench/profile/stalls.mjs FILE.cpuprofile [MS=30] [HOW_MANY=15]
import { readFileSync } from 'node:fs';
const p = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const min = Number(process.argv[3] ?? 30) * 1000;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const label = (id) => {
  const frames = [];
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const f = byId.get(cur).callFrame;
    const u = f.url || '';
    if (u.includes('/dist/') && !u.includes('node_modules'))
      frames.push(`${f.functionName || '(anon)'}@${u.split('/dist/')[1]}:${f.lineNumber}`);
  }
  const n = byId.get(id).callFrame;
  return (
    (frames.slice(0, 3).join(' < ') || '-') +
    ' | self ' +
    (n.functionName || '(anon)') +
    ' ' +
    (n.url || '').split('/').slice(-2).join('/')
  );
};
let t = p.startTime,
  run = [],
  runStart = 0;
const stalls = [];
for (let i = 0; i < p.samples.length; i++) {
  t += p.timeDeltas[i];
  const fn = byId.get(p.samples[i]).callFrame.functionName;
  if (fn === '(idle)') {
    if (run.length && t - runStart > min)
      stalls.push({ at: (runStart - p.startTime) / 1e6, ms: (t - runStart) / 1000, run });
    run = [];
  } else {
    if (!run.length) runStart = t;
    run.push(p.samples[i]);
  }
}
console.log(`${stalls.length} stretches over ${min / 1000} ms`);
for (const s of stalls.slice(0, Number(process.argv[4] ?? 15))) {
  const counts = new Map();
  for (const id of s.run) {
    const l = label(id);
    counts.set(l, (counts.get(l) ?? 0) + 1);
  }
  console.log(`at ${s.at.toFixed(2)} s: ${s.ms.toFixed(0)} ms, ${s.run.length} samples`);
  for (const [l, c] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`   ${c}  ${l}`);
}
