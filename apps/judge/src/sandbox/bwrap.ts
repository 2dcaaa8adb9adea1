import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { SandboxError, type RunRequest } from './types';

/**
 * bubblewrap's command line: the host tools found, the sandbox's private /etc, the read-only binds of
 * the JDK and the libraries it loads (computed once per judge), and the arguments of one sandbox.
 */

const REFUSE =
  'the judge refuses to run code without its sandbox (JUDGE_UNSAFE_NO_SANDBOX=1 turns it off, for local development only)';

/** The absolute path of a host tool (`configured`, or found on a standard PATH); refuses to go on without it. */
export function which(tool: string, configured?: string): string {
  if (configured) {
    if (!existsSync(configured)) throw new SandboxError(`${tool} not found at ${configured}: ${REFUSE}`);
    return configured;
  }
  const r = spawnSync('/bin/sh', ['-c', `command -v ${tool}`], {
    encoding: 'utf8',
    env: { PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' },
  });
  const p = (r.stdout ?? '').trim();
  if (r.status !== 0 || !p.startsWith('/')) throw new SandboxError(`${tool} is not installed: ${REFUSE}`);
  return p;
}

/** The files of the sandbox's own /etc, bound read-only over an empty /etc. */
const ETC_FILES = ['passwd', 'group', 'hosts', 'hostname', 'nsswitch.conf'];

/** A minimal /etc of the sandbox's own in `etcDir`: no host users, hosts or configuration. */
export function writePrivateEtc(etcDir: string, uid: number, gid: number): void {
  mkdirSync(etcDir, { recursive: true });
  writeFileSync(join(etcDir, 'passwd'), `sandbox:x:${uid}:${gid}:sandbox:/work:/nonexistent\n`);
  writeFileSync(join(etcDir, 'group'), `sandbox:x:${gid}:\n`);
  writeFileSync(join(etcDir, 'hosts'), '127.0.0.1 localhost sandbox\n::1 localhost\n');
  writeFileSync(join(etcDir, 'hostname'), 'sandbox\n');
  writeFileSync(join(etcDir, 'nsswitch.conf'), 'passwd: files\ngroup: files\nhosts: files\n');
  chmodSync(etcDir, 0o755);
}

/** The directories holding the shared libraries the JDK's binaries load (found with ldd). */
function jdkLibraryDirs(javaHome: string): string[] {
  const libs = new Set<string>();
  for (const bin of [
    join(javaHome, 'bin/java'),
    join(javaHome, 'lib/server/libjvm.so'),
    join(javaHome, 'lib/libjava.so'),
    join(javaHome, 'lib/libnio.so'),
    join(javaHome, 'lib/libnet.so'),
    join(javaHome, 'lib/libzip.so'),
  ]) {
    if (!existsSync(bin)) continue;
    const r = spawnSync('ldd', [bin], { encoding: 'utf8' });
    for (const line of (r.stdout ?? '').split('\n')) {
      const m = /(?:=>\s*)?(\/\S+)\s+\(0x/.exec(line);
      if (m) libs.add(m[1]);
    }
  }
  if (libs.size === 0) throw new SandboxError('ldd found no shared libraries for the JDK');
  // Each library's directory, and the directory holding the name the loader uses (e.g. /lib64 -> /usr/lib64 with ld-linux).
  return [...libs].flatMap((lib) => [dirname(realpathSync(lib)), realpathSync(dirname(lib))]);
}

/** Configuration the JDK links to outside its home (Debian: /etc/java-17-openjdk). */
function jdkEtcDirs(javaHome: string): string[] {
  const dirs: string[] = [];
  for (const sub of ['lib', 'conf', 'lib/security', 'conf/security']) {
    const d = join(javaHome, sub);
    if (!existsSync(d)) continue;
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      try {
        if (!lstatSync(p).isSymbolicLink()) continue;
        const target = realpathSync(p);
        const m = /^\/etc\/[^/]+/.exec(target);
        if (m && !m[0].startsWith('/etc/ssl')) dirs.push(m[0]);
      } catch {
        /* dangling link */
      }
    }
  }
  return dirs;
}

/** Read-only binds for the JDK and the shared libraries it loads, found with ldd; symlinks for /lib*; the private /etc. */
export function jdkBindArgs(javaHome: string, etcDir: string): string[] {
  const args: string[] = [];
  const ro = new Set<string>([javaHome, ...jdkLibraryDirs(javaHome), ...jdkEtcDirs(javaHome)]);
  // Collapse nested binds.
  const sorted = [...ro].sort();
  const binds = sorted.filter((p, i) => !sorted.slice(0, i).some((q) => p.startsWith(`${q}/`)));
  for (const top of ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32']) {
    try {
      if (lstatSync(top).isSymbolicLink()) args.push('--symlink', readlinkSync(top), top);
    } catch {
      /* absent */
    }
  }
  for (const b of binds) args.push('--ro-bind', b, b);
  args.push('--dir', '/etc');
  for (const f of ETC_FILES) args.push('--ro-bind', join(etcDir, f), `/etc/${f}`);
  if (existsSync('/etc/ld.so.cache')) args.push('--ro-bind', '/etc/ld.so.cache', '/etc/ld.so.cache');
  return args;
}

/**
 * bubblewrap's arguments for one sandbox: every namespace, no capabilities, the seccomp filter on fd 3
 * (`seccomp`), an empty environment, `base` (jdkBindArgs), a private /work of the run's size, the
 * run's binds, everything read-only but /work; then argv.
 */
export function bwrapArgs(
  base: string[],
  seccomp: boolean,
  req: Pick<RunRequest, 'argv' | 'binds' | 'limits'>,
): string[] {
  return [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--cap-drop',
    'ALL',
    ...(seccomp ? ['--seccomp', '3'] : []),
    '--clearenv',
    '--hostname',
    'sandbox',
    ...base,
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(req.limits.workDirBytes),
    '--perms',
    '0700',
    '--tmpfs',
    '/work',
    ...req.binds.flatMap((b) => [b.rw ? '--bind' : '--ro-bind', b.src, b.dest]),
    '--chdir',
    '/work',
    '--remount-ro',
    '/',
    '--remount-ro',
    '/dev',
    '--',
    ...req.argv,
  ];
}
