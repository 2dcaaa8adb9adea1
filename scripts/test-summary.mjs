// Adds up the vitest JSON reports of every project into one closing line: each project's
// test-results*.json (the API writes one per set of files it runs, ./javelin's lanes).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

let passed = 0;
let failed = 0;
let skipped = 0;
const projectDirs = ['apps', 'libs', 'tools'].flatMap((group) =>
  existsSync(group)
    ? readdirSync(group, { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => join(group, e.name))
    : [],
);
// bench is a project at the top level.
projectDirs.push('bench');
for (const dir of projectDirs) {
  if (!existsSync(dir)) continue;
  const reports = readdirSync(dir).filter((name) => /^test-results.*\.json$/.test(name));
  for (const file of reports.map((name) => join(dir, name))) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
}
console.log(`tests: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
