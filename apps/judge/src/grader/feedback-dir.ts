import {
  chmodSync,
  closeSync,
  constants,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * A validator's feedback directory, read by the judge: every file a validator wrote is untrusted, so it is
 * read never through a link it planted (O_NOFOLLOW), never blocking on a FIFO (O_NONBLOCK), and bounded.
 */

/** What one validator run may keep of its feedback (judgemessage.txt / teammessage.txt). */
const FEEDBACK_CHARS = 4096;
/** The file a multi-pass validator writes the next pass's input to, and how much of it is read. */
const NEXT_PASS = 'nextpass.in';
const NEXT_PASS_BYTES = 32 << 20;
/** The most a feedback directory carried from one pass to the next may hold (files of it, together). */
export const CARRIED_FEEDBACK_BYTES = 32 << 20;

/** A regular file the validator wrote, at most `max` bytes; null when absent or not a plain file. */
export function readUntrusted(path: string, max: number): Buffer | null {
  let fd: number | null = null;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) return null;
    const buf = Buffer.alloc(Math.min(max, stat.size));
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n);
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

/** A feedback file's text (judgemessage.txt, teammessage.txt), at most FEEDBACK_CHARS; '' when absent. */
export function readFeedback(dir: string, name: string): string {
  const data = readUntrusted(join(dir, name), FEEDBACK_CHARS * 4);
  return data ? data.toString('utf8').slice(0, FEEDBACK_CHARS).trim() : '';
}

/** The nextpass.in a multi-pass validator wrote into `feedbackDir` (then removed, as the format says), or null. */
export function takeNextPass(feedbackDir: string): string | null {
  const path = join(feedbackDir, NEXT_PASS);
  // Most runs write none: one lstat tells, before a read and a removal.
  if (!lstatSync(path, { throwIfNoEntry: false })) return null;
  const data = readUntrusted(path, NEXT_PASS_BYTES);
  rmSync(path, { force: true, recursive: true });
  return data ? data.toString('utf8') : null;
}

/**
 * The feedback directory of one pass copied into the next pass's (the format keeps every file of it between
 * passes, nextpass.in aside): plain files and folders only, at most CARRIED_FEEDBACK_BYTES in all. False
 * when it holds more (the pass cannot go on as the validator expects: a judge error).
 */
export function carryFeedback(from: string, to: string, budget = { left: CARRIED_FEEDBACK_BYTES }): boolean {
  // The validator runs as the sandbox's uid: what it finds it may append to, as it could in the pass before.
  mkdirSync(to, { recursive: true });
  chmodSync(to, 0o777);
  for (const name of readdirSync(from)) {
    if (name === NEXT_PASS) continue;
    const source = join(from, name);
    const stat = lstatSync(source);
    if (stat.isDirectory()) {
      if (!carryFeedback(source, join(to, name), budget)) return false;
      continue;
    }
    if (!stat.isFile()) continue;
    if (stat.size > budget.left) return false;
    const data = readUntrusted(source, budget.left) ?? Buffer.alloc(0);
    budget.left -= data.length;
    writeFileSync(join(to, name), data);
    chmodSync(join(to, name), 0o666);
  }
  return true;
}
