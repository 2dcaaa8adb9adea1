#!/usr/bin/env node
/**
 * Issue 43: do the ICPC tools compute exactly Javelin's scoreboard from Javelin's event feed?
 *
 *   node scripts/icpc-tools-check.mjs --icpctools <dir> [--out <dir>]
 *
 * <dir> is an icpctools checkout (github.com/icpctools/icpctools) or its bare git directory. The
 * script compiles its ContestModel (the model the Resolver and the CDS use) with javac, stubbing the
 * two jars the repository keeps outside git (Batik for SVG logos, the Sentry agent), and our driver
 * scripts/icpc-tools/ScoreboardCheck.java against it. It then plays a real contest through the API and
 * the judge (apps/api/test/icpc-tools.integration-spec.ts, which writes each audience's event feed,
 * /scoreboard and /awards at three moments: in the freeze, after a rejudge, final), loads every feed
 * into the tools' model and compares its scoreboard and awards with Javelin's, field by field. Every
 * difference is printed; the exit code is 1 if there is any. The test environment (TEST_DATABASE_URL,
 * the Redis prefixes) is the caller's, as for any API test; the API and the judge must be built.
 * Nothing of icpctools is copied into this repository.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
  cpSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DRIVER = join(ROOT, 'scripts/icpc-tools');
const MOMENTS = ['frozen', 'rejudged', 'final'];
const AUDIENCES = ['admin', 'public'];
/** The awards the tools' AwardUtil computes in the driver, compared with Javelin's of the same id. */
const MODEL_AWARD = /^(first-to-solve-|winner$|group-winner-)/;

function args() {
  const out = {};
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i += 2) {
    if (!['--icpctools', '--out'].includes(argv[i]) || argv[i + 1] === undefined)
      throw new Error(
        `usage: node scripts/icpc-tools-check.mjs --icpctools <dir> [--out <dir>] (at "${argv[i]}")`,
      );
    out[argv[i].slice(2)] = resolve(argv[i + 1]);
  }
  if (!out.icpctools)
    throw new Error('--icpctools <dir> is required: an icpctools checkout or its git directory');
  return out;
}

/** The ContestModel project as files: the checkout's own, or read out of a bare git directory. */
function contestModel(icpctools, work) {
  if (existsSync(join(icpctools, 'ContestModel/src'))) return join(icpctools, 'ContestModel');
  const git = (...a) => execFileSync('git', ['-C', icpctools, ...a], { maxBuffer: 1 << 30 });
  const tree = git('ls-tree', '-r', 'HEAD', 'ContestModel').toString().trim().split('\n');
  for (const line of tree) {
    const [meta, path] = line.split('\t');
    const sha = meta.split(' ')[2];
    const target = join(work, path);
    mkdirSync(dirname(target), { recursive: true });
    try {
      writeFileSync(target, git('cat-file', 'blob', sha));
    } catch {
      console.log(`(not in the git directory, left out: ${path})`);
    }
  }
  return join(work, 'ContestModel');
}

const javaFiles = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((f) => f.endsWith('.java'))
    .map((f) => join(dir, f));

function compile(model, classes) {
  const lib = join(model, 'lib');
  const jars = readdirSync(lib)
    .filter((f) => f.endsWith('.jar'))
    .map((f) => join(lib, f));
  // Without Batik their SVGUtil cannot compile: ours (no logos) takes its place.
  const batik = jars.some((f) => /batik-all/.test(f));
  const svg = (f) => f.endsWith('/SVGUtil.java');
  const sources = javaFiles(join(model, 'src')).filter((f) => !f.endsWith('Test.java') && (batik || !svg(f)));
  const stubs = javaFiles(join(DRIVER, 'stubs')).filter((f) => !batik || !svg(f));
  const cp = jars.join(':');
  const listFile = join(classes, '..', 'sources.txt');
  writeFileSync(listFile, [...sources, ...stubs].join('\n'));
  execFileSync('javac', ['-nowarn', '-encoding', 'UTF-8', '-d', classes, '-cp', cp, `@${listFile}`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  cpSync(
    join(model, 'src/org/icpc/tools/contest/model/util'),
    join(classes, 'org/icpc/tools/contest/model/util'),
    {
      recursive: true,
      filter: (f) => !f.endsWith('.java'),
    },
  );
  execFileSync('javac', ['-d', classes, '-cp', `${classes}:${cp}`, join(DRIVER, 'ScoreboardCheck.java')]);
  return `${classes}:${cp}`;
}

function playContest(out) {
  const run = spawnSync('npx', ['vitest', 'run', 'test/icpc-tools.integration-spec.ts'], {
    cwd: join(ROOT, 'apps/api'),
    env: { ...process.env, ICPC_TOOLS_OUT: out },
    stdio: 'inherit',
  });
  if (run.status !== 0)
    throw new Error('the contest could not be played (icpc-tools.integration-spec.ts failed)');
}

/** Javelin's and the model's scoreboard, field by field: each difference as one sentence. */
function compareBoards(javelin, model) {
  const diffs = [];
  const n = Math.max(javelin.rows.length, model.rows.length);
  for (let i = 0; i < n; i++) {
    const j = javelin.rows[i];
    const m = model.rows[i];
    if (!j || !m) {
      diffs.push(`row ${i + 1}: Javelin ${j?.team_id ?? 'none'}, tools ${m?.team_id ?? 'none'}`);
      continue;
    }
    const where = `row ${i + 1} (${j.team_id})`;
    const fields = [
      ['team_id', j.team_id, m.team_id],
      ['rank', j.rank, Number(m.rank)],
      ['num_solved', j.score.num_solved, m.num_solved],
      ['total_time', j.score.total_time, m.total_time],
    ];
    for (const [name, a, b] of fields) if (a !== b) diffs.push(`${where} ${name}: Javelin ${a}, tools ${b}`);
    // The tools list the problems a team tried; Javelin lists every problem (untried: nothing judged or pending).
    const tried = j.problems.filter((p) => p.num_judged + p.num_pending > 0);
    const ids = [...new Set([...tried, ...m.problems].map((p) => p.problem_id))];
    for (const id of ids) {
      const a = tried.find((p) => p.problem_id === id);
      const b = m.problems.find((p) => p.problem_id === id);
      if (!a || !b) {
        diffs.push(`${where} ${id}: ${a ? 'tried in Javelin only' : 'tried in the tools only'}`);
        continue;
      }
      for (const f of ['num_judged', 'num_pending', 'solved', 'time', 'first_to_solve'])
        if (a[f] !== b[f]) diffs.push(`${where} ${id}.${f}: Javelin ${a[f]}, tools ${b[f]}`);
    }
  }
  return diffs;
}

/** Javelin's /awards against the awards in its feed as the model read them, and the tools' own AwardUtil. */
function compareAwards(javelin, model) {
  const diffs = [];
  const byId = (list) => new Map(list.map((a) => [a.id, JSON.stringify([...a.team_ids].sort())]));
  const own = byId(javelin);
  for (const [what, list] of [
    ['the feed', model.feed_awards],
    ["the tools' AwardUtil", javelin.length ? model.model_awards : []],
  ]) {
    const theirs = byId(list);
    const ids = what === 'the feed' ? new Set([...own.keys(), ...theirs.keys()]) : theirs.keys();
    for (const id of ids)
      if (own.get(id) !== theirs.get(id) && (what === 'the feed' || MODEL_AWARD.test(id)))
        diffs.push(`award ${id}: Javelin ${own.get(id) ?? 'none'}, ${what} ${theirs.get(id) ?? 'none'}`);
  }
  return diffs;
}

function main() {
  const { icpctools, out = mkdtempSync(join(tmpdir(), 'icpc-tools-check-')) } = args();
  const work = join(out, 'icpctools');
  const classes = join(work, 'classes');
  mkdirSync(classes, { recursive: true });
  const classpath = compile(contestModel(icpctools, work), classes);
  console.log(`icpctools ContestModel compiled (${classes})`);
  playContest(out);
  let differences = 0;
  for (const moment of MOMENTS)
    for (const audience of AUDIENCES) {
      const file = (kind) => join(out, `${moment}-${audience}-${kind}`);
      const model = JSON.parse(
        execFileSync('java', ['-cp', classpath, 'ScoreboardCheck', file('feed.ndjson')], {
          encoding: 'utf8',
        }),
      );
      writeFileSync(file('tools.json'), JSON.stringify(model, null, 1));
      const board = JSON.parse(readFileSync(file('scoreboard.json'), 'utf8'));
      const awards = JSON.parse(readFileSync(file('awards.json'), 'utf8'));
      const diffs = [...compareBoards(board, model), ...compareAwards(awards, model)];
      const cells = board.rows.flatMap((r) =>
        r.problems.filter((p) => p.num_judged + p.num_pending > 0),
      ).length;
      console.log(
        `${moment} ${audience}: ${board.rows.length} rows, ${cells} tried cells, ${awards.length} awards — ` +
          (diffs.length ? `${diffs.length} difference(s)` : 'the ICPC tools agree'),
      );
      for (const d of diffs) console.log(`  ${d}`);
      differences += diffs.length;
    }
  console.log(
    differences ? `${differences} difference(s) in all (files in ${out})` : `no difference (files in ${out})`,
  );
  process.exit(differences ? 1 : 0);
}

main();
