// The Dolos analysis of one problem's solutions, in a worker thread so that the API's event loop
// keeps serving requests while it runs. Plain JavaScript: @dodona/dolos-lib is an ES module, and the
// API loads this file as it is, from src in tests and from dist (copied by the build) in production.
import { parentPort } from 'node:worker_threads';
import { Dolos, File } from '@dodona/dolos-lib';

const region = (r) => ({ startRow: r.startRow, startCol: r.startCol, endRow: r.endRow, endCol: r.endCol });
const indexOf = (file) => Number(file.path.slice(0, -'.java'.length));

/**
 * Message in: { requestId, solutions: string[], template: string | null, threshold, maxPairs, maxFingerprintCount? }.
 * Message out: { requestId, pairs: [{ a, b, similarity, fragments: [{ a: region, b: region }] }] }
 * with a and b indexes into solutions, most similar first; or { requestId, error }.
 */
parentPort.on('message', async ({ requestId, solutions, template, threshold, maxPairs, maxFingerprintCount }) => {
  try {
    const files = solutions.map((code, i) => new File(`${i}.java`, code));
    const ignored = template ? new File('template.java', template) : undefined;
    const report = await new Dolos({ language: 'java', maxFingerprintCount }).analyze(files, undefined, ignored);
    const pairs = report
      .allPairs()
      .filter((pair) => pair.similarity >= threshold)
      .sort((x, y) => y.similarity - x.similarity)
      .slice(0, maxPairs)
      .map((pair) => ({
        a: indexOf(pair.leftFile),
        b: indexOf(pair.rightFile),
        similarity: pair.similarity,
        fragments: pair.buildFragments().map((f) => ({ a: region(f.leftSelection), b: region(f.rightSelection) })),
      }));
    parentPort.postMessage({ requestId, pairs });
  } catch (error) {
    parentPort.postMessage({ requestId, error: error instanceof Error ? error.message : String(error) });
  }
});
