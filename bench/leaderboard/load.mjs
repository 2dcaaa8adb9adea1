// One measured run against one URL, in its own process, with every answer's body checked, so a broken or
// empty answer cannot pass for a fast one. Prints one JSON result on stdout. Used by run.mjs:
//   node bench/leaderboard/load.mjs --url URL --check leaderboard:100:10 [--rate 500] [--duration 20]
//        [--connections 50] [--tokens FILE] [--accept-encoding "gzip, deflate"] [--arrivals poisson|autocannon]
// --arrivals poisson (default)       RATE requests/s arriving as a Poisson process, latency from when each was due
// --arrivals autocannon              autocannon's overallRate: each connection's share of a second sent back to back
// --check leaderboard:ROWS:PROBLEMS  an array of ROWS standings entries, each with the spec's fields and
//                                    a cells array of at most PROBLEMS cells of the right shape
// --check contests:COUNT             an array of COUNT contests with their problems
// --tokens FILE                      one bearer token a line; requests take them in turn (signed-in viewers)
// A body is decoded as its Content-Encoding says (gzip, deflate, br or none), parsed and checked once;
// later answers are compared with the checked ones by a hash of their bytes.
import autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { parseArgs } from '../lib/common.mjs';

const args = parseArgs();
const URL_ = args.url;
const RATE = Number(args.rate ?? 500);
const DURATION = Number(args.duration ?? 20);
const CONNECTIONS = Number(args.connections ?? 50);
// What Chromium sends over plain HTTP (it adds br and zstd only over HTTPS).
const ACCEPT_ENCODING = args['accept-encoding'] ?? 'gzip, deflate';
const ARRIVALS = args.arrivals ?? 'poisson';
if (!['poisson', 'autocannon'].includes(ARRIVALS))
  throw new Error(`--arrivals ${ARRIVALS}: poisson or autocannon`);
const [kind, ...limits] = String(args.check ?? '').split(':');
const tokens = args.tokens ? readFileSync(args.tokens, 'utf8').split('\n').filter(Boolean) : [];

const SCOREBOARD_CELL = ['problemId', 'attempts', 'acceptedAtMinutes', 'pending', 'firstSolve'];

/**
 * A standings board: `expected` rows, each with the spec's fields, in the order `ordered(row, prev, i)`
 * checks (it throws), with at most `problems` cells of the right shape (`cellFields`); `rest(row, i)`
 * checks the rest of a row. Returns what was checked.
 */
function board(rows, { ordered, cellFields, rest = () => {} }) {
  const [expected, problems] = limits.map(Number);
  if (!Array.isArray(rows) || rows.length !== expected)
    throw new Error(`expected ${expected} rows, got ${rows?.length}`);
  let cells = 0;
  rows.forEach((row, i) => {
    for (const field of ['userId', 'username', 'problemsSolved', 'score', 'rank'])
      if (!(field in row)) throw new Error(`row ${i} has no ${field}`);
    if (i > 0) ordered(row, rows[i - 1], i);
    if (!Array.isArray(row.cells) || row.cells.length > problems)
      throw new Error(`row ${i}: cells ${JSON.stringify(row.cells)}`);
    for (const cell of row.cells)
      for (const field of cellFields)
        if (!(field in cell)) throw new Error(`row ${i}: a cell without ${field}`);
    rest(row, i);
    cells += row.cells.length;
  });
  if (cells === 0) throw new Error('no cells at all');
  return `${rows.length} rows, ${cells} cells`;
}

/** Throws with what is wrong; returns a short description of what was checked. */
const validators = {
  leaderboard: (rows) =>
    board(rows, {
      ordered: (row, prev, i) => {
        if (row.rank <= prev.rank) throw new Error(`row ${i}: rank ${row.rank} after ${prev.rank}`);
      },
      cellFields: SCOREBOARD_CELL,
    }),
  /**
   * An IOI board (issue 31): as `leaderboard`, but equal scores share a rank (a rank never falls, and
   * rises only to the row's place), scores never rise down the board, and every cell carries its score.
   */
  ioi: (rows) =>
    board(rows, {
      ordered: (row, prev, i) => {
        if (row.score > prev.score) throw new Error(`row ${i}: score ${row.score} after ${prev.score}`);
        if (row.score === prev.score ? row.rank !== prev.rank : row.rank <= prev.rank)
          throw new Error(
            `row ${i}: rank ${row.rank} (score ${row.score}) after ${prev.rank} (score ${prev.score})`,
          );
      },
      cellFields: [...SCOREBOARD_CELL, 'score'],
      rest: (row, i) => {
        const sum = row.cells.reduce((s, cell) => s + cell.score, 0);
        if (sum !== row.score) throw new Error(`row ${i}: cells add up to ${sum}, the row says ${row.score}`);
      },
    }),
  contests(list) {
    const [expected] = limits.map(Number);
    if (!Array.isArray(list) || list.length !== expected)
      throw new Error(`expected ${expected} contests, got ${list?.length}`);
    let problems = 0;
    list.forEach((c, i) => {
      for (const field of [
        '_id',
        'title',
        'startTime',
        'endTime',
        'status',
        'participantCount',
        'userJoined',
      ])
        if (!(field in c)) throw new Error(`contest ${i} has no ${field}`);
      if (!Array.isArray(c.contestProblems) || c.contestProblems.length === 0)
        throw new Error(`contest ${i} has no problems`);
      problems += c.contestProblems.length;
    });
    return `${list.length} contests, ${problems} problems`;
  },
};
const validate = validators[kind];
if (!URL_ || !validate) {
  console.error(
    'usage: load.mjs --url URL --check leaderboard:ROWS:PROBLEMS|ioi:ROWS:PROBLEMS|contests:COUNT [...]',
  );
  process.exit(2);
}

function decode(encoding, body) {
  switch ((encoding ?? 'identity').toLowerCase()) {
    case 'gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    case 'identity':
      return body;
    default:
      throw new Error(`unknown content-encoding ${encoding}`);
  }
}

const checks = {
  answers: 0,
  bad: 0,
  firstProblem: null,
  distinctBodies: 0,
  bytes: 0,
  encodings: {},
  described: null,
  statuses: {},
};
/** sha1 of the bytes as received → null when that body checked out, else what is wrong with it. */
const verdicts = new Map();

function check(status, rawHeaders, body) {
  checks.answers++;
  checks.bytes += body.length;
  checks.statuses[status] = (checks.statuses[status] ?? 0) + 1;
  let encoding;
  for (let i = 0; i < rawHeaders.length; i += 2)
    if (rawHeaders[i].toLowerCase() === 'content-encoding') encoding = rawHeaders[i + 1];
  checks.encodings[encoding ?? 'identity'] = (checks.encodings[encoding ?? 'identity'] ?? 0) + 1;
  let problem = status === 200 ? undefined : `status ${status}`;
  if (problem === undefined) {
    const key = `${encoding}:${createHash('sha1').update(body).digest('base64')}`;
    problem = verdicts.get(key);
    if (problem === undefined) {
      try {
        checks.described = validate(JSON.parse(decode(encoding, body).toString('utf8')));
        problem = null;
      } catch (e) {
        problem = e.message;
      }
      verdicts.set(key, problem);
      checks.distinctBodies++;
    }
  }
  if (problem) {
    checks.bad++;
    checks.firstProblem ??= problem;
  }
}

/** Keeps each answer's body as bytes (autocannon would decode it as UTF-8 text) and checks it when complete. */
function setupClient(client) {
  const queue = client.pipelinedRequests;
  queue.addBody = function (data) {
    const request = this.peek();
    if (request) (request.chunks ??= []).push(Buffer.from(data));
  };
  const terminate = queue.terminateRequest.bind(queue);
  queue.terminateRequest = () => {
    const request = terminate();
    if (request)
      check(request.headers.statusCode, request.headers.headers ?? [], Buffer.concat(request.chunks ?? []));
    return request;
  };
}

let nextToken = 0;
const authorization = () =>
  tokens.length ? { authorization: `Bearer ${tokens[nextToken++ % tokens.length]}` } : {};

/**
 * autocannon's fixed rate: each connection may send rate/connections requests a second, and sends
 * them back to back as soon as its second begins, so the 500 requests of a second arrive as one
 * burst, 50 at a time (a synchronized stress, not a rate). Its latency figures are its own: they
 * include its coordinated-omission correction, made with a 1 ms expected interval.
 */
async function autocannonBursts() {
  const sentAt = [];
  const instance = autocannon({
    url: URL_,
    connections: CONNECTIONS,
    overallRate: RATE,
    duration: DURATION,
    headers: { 'accept-encoding': ACCEPT_ENCODING },
    setupClient: (client) => {
      setupClient(client);
      client.on('request', () => sentAt.push(performance.now()));
    },
    requests: tokens.length
      ? [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, ...authorization() } }) }]
      : undefined,
  });
  const raw = [];
  instance.on('response', (_client, _status, _bytes, ms) => raw.push(ms));
  const result = await instance;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    raw: percentiles(raw),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    totalRequests: result.requests.total,
    sentInFirstThirdOfSecond: firstThird(sentAt),
  };
}

/** The share of requests sent in the first 333 ms of their second since the first request. */
function firstThird(times) {
  if (times.length === 0) return 0;
  const t0 = times[0];
  return times.filter((t) => (t - t0) % 1000 < 333).length / times.length;
}

function percentiles(samples) {
  const sorted = Float64Array.from(samples).sort();
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN };
}

/** A fixed seed, so two runs send the same schedule (mulberry32). */
function random(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An open-loop load at RATE requests/s: arrivals are a Poisson process (independent readers, so
 * bursts happen as they would), sent on up to CONNECTIONS keep-alive connections (more wait for a
 * free one). Each latency runs from the moment the request was due, not the moment it was sent, so
 * a stall anywhere — in the API, the machine or this process — counts in full for every request it
 * delayed (no coordinated omission, as wrk2 measures).
 */
async function poissonArrivals() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const target = new URL(URL_);
  const next = random(20261123);
  const latencies = [];
  const counts = { non2xx: 0, errors: 0, timeouts: 0 };
  const inflight = new Set();
  const send = (due) =>
    new Promise((resolve) => {
      const req = http.get(
        target,
        { agent, headers: { 'accept-encoding': ACCEPT_ENCODING, ...authorization() }, timeout: 10_000 },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            latencies.push(performance.now() - due);
            if (res.statusCode < 200 || res.statusCode >= 300) counts.non2xx++;
            check(res.statusCode, res.rawHeaders, Buffer.concat(chunks));
            resolve();
          });
        },
      );
      req.on('timeout', () => {
        counts.timeouts++;
        req.destroy();
      });
      req.on('error', () => {
        counts.errors++;
        resolve();
      });
    });
  const started = performance.now();
  const end = started + DURATION * 1000;
  let due = started;
  let sent = 0;
  while (true) {
    due += (-Math.log(1 - next()) * 1000) / RATE;
    if (due >= end) break;
    const wait = due - performance.now();
    // Never early: a request waits for its moment (timers may fire late, which counts against the API).
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const request = send(due);
    inflight.add(request);
    request.then(() => inflight.delete(request));
    sent++;
  }
  await Promise.all(inflight);
  agent.destroy();
  const elapsed = (performance.now() - started) / 1000;
  const p = percentiles(latencies);
  const round = (ms) => Math.round(ms * 10) / 10;
  return {
    requestsPerSecond: Math.round((latencies.length / elapsed) * 10) / 10,
    p50: round(p.p50),
    p99: round(p.p99),
    max: round(p.max),
    ...counts,
    totalRequests: sent,
  };
}

const result = ARRIVALS === 'autocannon' ? await autocannonBursts() : await poissonArrivals();
const cpu = process.cpuUsage();
console.log(
  JSON.stringify({
    arrivals: ARRIVALS,
    ...result,
    checks: { ...checks, meanBytes: Math.round(checks.bytes / Math.max(1, checks.answers)) },
    // This process's own CPU per answer (the load and the checks), which shares the machine with the API.
    loadCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, checks.answers),
  }),
);
