// One measured run against one URL, in its own process: autocannon at a fixed overall request rate, and
// every answer's body checked, so a broken or empty answer cannot pass for a fast one. Prints one JSON
// result on stdout. Used by run.mjs:
//   node bench/leaderboard/load.mjs --url URL --check leaderboard:100:10 [--rate 500] [--duration 20]
//        [--connections 50] [--tokens FILE] [--accept-encoding "gzip, deflate"]
// --check leaderboard:ROWS:PROBLEMS  an array of ROWS standings entries, each with the spec's fields and
//                                    a cells array of at most PROBLEMS cells of the right shape
// --check contests:COUNT             an array of COUNT contests with their problems
// --tokens FILE                      one bearer token a line; requests take them in turn (signed-in viewers)
// A body is decoded as its Content-Encoding says (gzip, deflate, br or none), parsed and checked once;
// later answers are compared with the checked ones by a hash of their bytes.
import autocannon from 'autocannon';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce((pairs, a, i, all) => (a.startsWith('--') ? [...pairs, [a.slice(2), all[i + 1]]] : pairs), []),
);
const URL_ = args.url;
const RATE = Number(args.rate ?? 500);
const DURATION = Number(args.duration ?? 20);
const CONNECTIONS = Number(args.connections ?? 50);
// What Chromium sends over plain HTTP (it adds br and zstd only over HTTPS).
const ACCEPT_ENCODING = args['accept-encoding'] ?? 'gzip, deflate';
const [kind, ...limits] = String(args.check ?? '').split(':');
const tokens = args.tokens ? readFileSync(args.tokens, 'utf8').split('\n').filter(Boolean) : [];

const SCOREBOARD_CELL = ['problemId', 'attempts', 'acceptedAtMinutes', 'pending', 'firstSolve'];

/** Throws with what is wrong; returns a short description of what was checked. */
const validators = {
  leaderboard(rows) {
    const [expected, problems] = limits.map(Number);
    if (!Array.isArray(rows) || rows.length !== expected)
      throw new Error(`expected ${expected} rows, got ${rows?.length}`);
    let cells = 0;
    rows.forEach((row, i) => {
      for (const field of ['userId', 'username', 'problemsSolved', 'score', 'rank'])
        if (!(field in row)) throw new Error(`row ${i} has no ${field}`);
      if (i > 0 && row.rank <= rows[i - 1].rank)
        throw new Error(`row ${i}: rank ${row.rank} after ${rows[i - 1].rank}`);
      if (!Array.isArray(row.cells) || row.cells.length > problems)
        throw new Error(`row ${i}: cells ${JSON.stringify(row.cells)}`);
      for (const cell of row.cells)
        for (const field of SCOREBOARD_CELL)
          if (!(field in cell)) throw new Error(`row ${i}: a cell without ${field}`);
      cells += row.cells.length;
    });
    if (cells === 0) throw new Error('no cells at all');
    return `${rows.length} rows, ${cells} cells`;
  },
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
  console.error('usage: load.mjs --url URL --check leaderboard:ROWS:PROBLEMS|contests:COUNT [...]');
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

let next = 0;
const result = await autocannon({
  url: URL_,
  connections: CONNECTIONS,
  overallRate: RATE,
  duration: DURATION,
  headers: { 'accept-encoding': ACCEPT_ENCODING },
  setupClient,
  requests: tokens.length
    ? [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, authorization: `Bearer ${tokens[next++ % tokens.length]}` },
          }),
        },
      ]
    : undefined,
});
const cpu = process.cpuUsage();
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    totalRequests: result.requests.total,
    checks: { ...checks, meanBytes: Math.round(checks.bytes / Math.max(1, checks.answers)) },
    // This process's own CPU per answer (autocannon and the checks), which shares the machine with the API.
    loadCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(1, checks.answers),
  }),
);
