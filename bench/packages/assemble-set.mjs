// A public problem set that is not in the package format (a folder per problem with data/ and
// solutions/, as the ICPC regionals' public archives publish them) assembled into legacy problem
// packages, so that bench/packages/real-packages.mjs can take it through the whole stack (issue 42).
//
//   node bench/packages/assemble-set.mjs <set folder> <set description .json> <out folder> [--stated-limits]
//
// Per problem: problem.yaml (its name, and the validator flags the statement states), data/ as it is
// (a test whose .in or .ans is missing is left out, and said), and every solutions/*.java under
// submissions/accepted/ (the public sets' solutions are the jury's accepted ones). With --stated-limits
// the statement's time limit goes to `.timelimit`; without, the package states none and the import
// sets it from the Java jury submissions, as the format does. Nothing of the set is kept in Javelin.
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, resolve } from 'node:path';

const [setDir, descriptionFile, outDir] = process.argv.slice(2).map((a) => resolve(a));
const statedLimits = process.argv.includes('--stated-limits');
if (!setDir || !descriptionFile || !outDir) {
  console.error(
    'usage: node bench/packages/assemble-set.mjs <set folder> <set description .json> <out folder> [--stated-limits]',
  );
  process.exit(2);
}
const description = JSON.parse(readFileSync(descriptionFile, 'utf8'));

rmSync(outDir, { recursive: true, force: true });
for (const [id, problem] of Object.entries(description.problems)) {
  const from = join(setDir, id);
  const to = join(outDir, id);
  mkdirSync(to, { recursive: true });
  const yaml = [`name: ${JSON.stringify(problem.name)}`, `source: ${JSON.stringify(description.contest)}`];
  if (problem.validator_flags) yaml.push(`validator_flags: ${problem.validator_flags}`);
  writeFileSync(join(to, 'problem.yaml'), `${yaml.join('\n')}\n`);
  if (statedLimits) writeFileSync(join(to, '.timelimit'), `${problem.time_limit}\n`);
  let left = 0;
  for (const group of ['sample', 'secret']) {
    const dir = join(from, 'data', group);
    if (!existsSync(dir)) continue;
    mkdirSync(join(to, 'data', group), { recursive: true });
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.in'))) {
      const answer = name.replace(/\.in$/, '.ans');
      if (!existsSync(join(dir, answer))) {
        left++;
        continue;
      }
      copyFileSync(join(dir, name), join(to, 'data', group, name));
      copyFileSync(join(dir, answer), join(to, 'data', group, answer));
    }
    for (const name of readdirSync(dir).filter((n) => n.endsWith('.ans'))) {
      if (!existsSync(join(dir, name.replace(/\.ans$/, '.in')))) left++;
    }
  }
  const solutions = join(from, 'solutions');
  const java = existsSync(solutions) ? readdirSync(solutions).filter((n) => n.endsWith('.java')) : [];
  mkdirSync(join(to, 'submissions', 'accepted'), { recursive: true });
  for (const name of java) copyFileSync(join(solutions, name), join(to, 'submissions', 'accepted', name));
  console.log(
    `${problem.label} ${basename(to)}: ${java.length} Java solution(s)${left ? `, ${left} test file(s) without their pair left out` : ''}${statedLimits ? `, time limit ${problem.time_limit} s` : ''}`,
  );
}
