/**
 * A seccomp filter for the sandbox (passed to bwrap --seccomp): the system calls a Java program
 * never needs and that widen the kernel's attack surface fail with EPERM. x86_64 only (elsewhere
 * the judge runs without it and logs so); other architectures' and x32 calls are refused.
 */

const AUDIT_ARCH_X86_64 = 0xc000003e;
const X32_SYSCALL_BIT = 0x40000000;
const SECCOMP_RET_KILL_PROCESS = 0x80000000;
const SECCOMP_RET_ERRNO = 0x00050000;
const SECCOMP_RET_ALLOW = 0x7fff0000;
const EPERM = 1;

const BPF_LD_W_ABS = 0x20;
const BPF_JEQ_K = 0x15;
const BPF_JGE_K = 0x35;
const BPF_RET_K = 0x06;

/** x86_64 numbers of the refused calls. */
export const BLOCKED_SYSCALLS: Record<string, number> = {
  ptrace: 101,
  syslog: 103,
  acct: 163,
  mount: 165,
  umount2: 166,
  swapon: 167,
  swapoff: 168,
  reboot: 169,
  sethostname: 170,
  setdomainname: 171,
  init_module: 175,
  delete_module: 176,
  quotactl: 179,
  pivot_root: 155,
  kexec_load: 246,
  add_key: 248,
  request_key: 249,
  keyctl: 250,
  unshare: 272,
  move_pages: 279,
  perf_event_open: 298,
  fanotify_init: 300,
  name_to_handle_at: 303,
  open_by_handle_at: 304,
  setns: 308,
  process_vm_readv: 310,
  process_vm_writev: 311,
  kcmp: 312,
  finit_module: 313,
  bpf: 321,
  userfaultfd: 323,
  kexec_file_load: 320,
  io_uring_setup: 425,
  io_uring_enter: 426,
  io_uring_register: 427,
  open_tree: 428,
  move_mount: 429,
  fsopen: 430,
  fsconfig: 431,
  fsmount: 432,
  fspick: 433,
};

/** The filter as the bytes of a `struct sock_fprog`'s instructions (what bwrap reads). */
export function buildSeccompFilter(): Buffer | null {
  if (process.arch !== 'x64') return null;
  const nrs = Object.values(BLOCKED_SYSCALLS);
  const ins: [number, number, number, number][] = [];
  // 0: A = arch; 1: arch == x86_64 ? skip : kill; 2: kill
  ins.push([BPF_LD_W_ABS, 0, 0, 4]);
  ins.push([BPF_JEQ_K, 1, 0, AUDIT_ARCH_X86_64]);
  ins.push([BPF_RET_K, 0, 0, SECCOMP_RET_KILL_PROCESS]);
  // 3: A = nr
  ins.push([BPF_LD_W_ABS, 0, 0, 0]);
  const errnoAt = 4 + 1 + nrs.length + 1; // after the x32 check, the list and "allow"
  ins.push([BPF_JGE_K, errnoAt - 5, 0, X32_SYSCALL_BIT]);
  nrs.forEach((nr, i) => {
    const at = 5 + i;
    ins.push([BPF_JEQ_K, errnoAt - (at + 1), 0, nr]);
  });
  ins.push([BPF_RET_K, 0, 0, SECCOMP_RET_ALLOW]);
  ins.push([BPF_RET_K, 0, 0, (SECCOMP_RET_ERRNO | EPERM) >>> 0]);
  const buf = Buffer.alloc(ins.length * 8);
  ins.forEach(([code, jt, jf, k], i) => {
    buf.writeUInt16LE(code, i * 8);
    buf.writeUInt8(jt, i * 8 + 2);
    buf.writeUInt8(jf, i * 8 + 3);
    buf.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return buf;
}
