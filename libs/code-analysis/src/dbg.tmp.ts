import { readConstraints, resolvedBound } from './constraints/reader';
const text = process.argv[2]; const vars = process.argv[3].split(' ').map((s) => ({ name: s.split(':')[0], type: s.split(':')[1] as never }));
const r = readConstraints(text, vars);
console.log([...r.bounds], r.lines, [...r.columnNames], r.assumptions, [...r.aliases], [...r.virtuals], [...r.distinct], [...r.alphabets]);
for (const k of r.bounds.keys()) console.log(k, resolvedBound(r, k));
