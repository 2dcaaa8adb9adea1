import { SandboxError } from '../sandbox/types';
import type { CompiledClass, CompileResult } from './compiler';

/** A reply of CompileServer.java (its protocol is described there). */
export type CompileReply =
  | { id: number; status: 0; mainClass: string; classes: CompiledClass[] }
  | { id: number; status: 1 | 2 | 3; message: string };

/** The one parser of the compile service's replies: the first complete reply in `b` and its size, or null while incomplete. */
export function parseCompileReply(b: Buffer): { reply: CompileReply; bytes: number } | null {
  if (b.length < 5) return null;
  let off = 5;
  const blob = (): Buffer | null => {
    if (b.length < off + 4) return null;
    const len = b.readInt32BE(off);
    if (len < 0) throw new SandboxError(`bad length ${len} from the compile service`);
    if (b.length < off + 4 + len) return null;
    const out = b.subarray(off + 4, off + 4 + len);
    off += 4 + len;
    return out;
  };
  const id = b.readInt32BE(0);
  const status = b.readUInt8(4);
  if (status !== 0) {
    if (status !== 1 && status !== 2 && status !== 3)
      throw new SandboxError(`bad status ${status} from the compile service`);
    const message = blob();
    return message === null ? null : { reply: { id, status, message: message.toString('utf8') }, bytes: off };
  }
  const mainClass = blob();
  if (mainClass === null || b.length < off + 4) return null;
  const count = b.readInt32BE(off);
  off += 4;
  const classes: CompiledClass[] = [];
  for (let i = 0; i < count; i++) {
    const name = blob();
    const bytes = name === null ? null : blob();
    if (name === null || bytes === null) return null;
    classes.push({ name: name.toString('utf8'), bytes: Buffer.from(bytes) });
  }
  return { reply: { id, status: 0, mainClass: mainClass.toString('utf8'), classes }, bytes: off };
}

/** A reply as the result of a compilation (javac's errors are cacheable, the service's own failures not). */
export function toCompileResult(reply: CompileReply, ms: number): CompileResult {
  if (reply.status === 0) return { ok: true, mainClass: reply.mainClass || null, classes: reply.classes, ms };
  if (reply.status === 2) console.warn(`judge: compile service failure: ${reply.message.slice(0, 300)}`);
  return { ok: false, message: reply.message, ms, cacheable: reply.status === 1 };
}
