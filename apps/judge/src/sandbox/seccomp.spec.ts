import { describe, expect, it } from 'vitest';
import { BLOCKED_SYSCALLS, buildSeccompFilter } from './seccomp';

/** Run the BPF program on (arch, nr), as the kernel would. */
function evaluate(prog: Buffer, arch: number, nr: number): number {
  let a = 0;
  for (let pc = 0; pc * 8 < prog.length; ) {
    const code = prog.readUInt16LE(pc * 8);
    const jt = prog.readUInt8(pc * 8 + 2);
    const jf = prog.readUInt8(pc * 8 + 3);
    const k = prog.readUInt32LE(pc * 8 + 4);
    if (code === 0x20) {
      a = k === 4 ? arch : nr;
      pc++;
    } else if (code === 0x15) pc += 1 + (a === k ? jt : jf);
    else if (code === 0x35) pc += 1 + (a >= k ? jt : jf);
    else if (code === 0x06) return k;
    else throw new Error(`bad opcode ${code}`);
  }
  throw new Error('fell off the end');
}

describe.runIf(process.arch === 'x64')('seccomp filter', () => {
  const prog = buildSeccompFilter() as Buffer;
  it('refuses the listed calls with EPERM and allows the rest', () => {
    for (const nr of Object.values(BLOCKED_SYSCALLS)) expect(evaluate(prog, 0xc000003e, nr)).toBe(0x00050001);
    for (const nr of [0, 1, 2, 9, 56, 59, 60, 202, 231, 435]) expect(evaluate(prog, 0xc000003e, nr)).toBe(0x7fff0000);
  });
  it('refuses x32 calls and kills other architectures', () => {
    expect(evaluate(prog, 0xc000003e, 0x40000000 + 1)).toBe(0x00050001);
    expect(evaluate(prog, 0x40000003, 1)).toBe(0x80000000);
  });
});
