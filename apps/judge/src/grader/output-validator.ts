import { createHash } from 'node:crypto';
import { chmodSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CustomOutputValidator } from '@javelin/contracts';
import type { CheckResult } from '../checkers';
import { HARNESS_JAR } from '../executor/harness-launch';
import { checkerProcessLimits, jvmArgs, STDERR_LIMIT } from '../executor/jvm';
import { PYTHON_OPTIONS, pythonArgv, pythonRuntime } from '../executor/python';
import type { Bind, RunOutcome } from '../sandbox/types';
import type { CustomCheckItem } from './custom-checker';
import { CHECKER_LIMITS } from './custom-checker';
import { type CompileContext, type Compiled, compileValidator } from './compiled-validator';
import { readFeedback, takeNextPass } from './feedback-dir';
import { type HostLease, ValidatorHostPool } from './host-pool';
import { makeRunDir } from './run-dirs';
import { compileFailure, interpretValidatorRun } from './validator-verdict';
import { compiledHost, type HostedValidator, pythonHostSource, ValidatorHost } from './validator-host';

/**
 * A problem package's custom output validator (issue 29), as the format defines it:
 * `validator input judge_answer feedback_dir [flags] < team_output`, exit 42 accepted, 43 wrong
 * answer, anything else (another code, a crash, a loop or a flood past its limits) a judge error —
 * never an accepted. C++ (compiled with g++, statically; compiled-validator.ts), Java (compiled as a submission is) or Python
 * (the judge's python3, issue 42); each runs in the sandbox, in a validator host kept warm from submission
 * to submission (validator-host.ts: a C++ validator its own fork server, a Python one forked from a warm
 * interpreter, a Java one run in a warm JVM; host-pool.ts), with the test's files read-only and only the
 * feedback directory writable.
 * Compiled validators are kept per source (a problem's validator is compiled once).
 */

/** A C++ or Python validator's threads/processes: it has no business starting any. */
const NATIVE_PIDS = 4;
/** A validator host's own process beside its validator's (validator-host.ts). */
const HOST_OWN_PIDS = 4;
const CACHE_SIZE = 32;
/** How long a warm validator host waits for its validator's next submission. */
const HOST_IDLE_MS = 120_000;

/** A compiled validator, or why it is not. */
export type PreparedValidator =
  | { ok: true; compiled: Extract<Compiled, { ok: true }> }
  | { ok: false; error: CheckResult & { feedback?: string } };

interface ValidatorContext extends CompileContext {
  cdsArchive: string | null;
  /** The harness's classes (java/ValidatorServer.java among them): a Java validator's warm JVM runs them. */
  harnessDir: string;
  /** How many warm validator hosts wait for a submission at most (the judge's concurrent jobs, or more). */
  hostsKept: number;
}

export class OutputValidators {
  private readonly compiled = new Map<string, Promise<Compiled>>();
  private readonly hosts: ValidatorHostPool;
  private readonly hostKeys = new WeakMap<Compiled, string>();
  private compilations = 0;

  constructor(private readonly ctx: ValidatorContext) {
    this.hosts = new ValidatorHostPool(join(ctx.cacheDir, 'hosts'), {
      maxIdle: ctx.hostsKept,
      idleMs: HOST_IDLE_MS,
    });
  }

  /** The judge closes: the warm hosts end. */
  close(): void {
    this.hosts.close();
  }

  /** Runs the validator on each item, one at a time; results in the items' order. */
  async validate(
    validator: CustomOutputValidator,
    flags: string[],
    items: CustomCheckItem[],
    workDir: string,
  ): Promise<(CheckResult & { feedback?: string })[]> {
    const compiled = await this.compile(validator);
    if (!compiled.ok) return items.map(() => compileFailure(compiled.message));
    const binary = await this.hostBinary(compiled);
    let lease = binary ? this.lease(compiled, binary) : null;
    const results: (CheckResult & { feedback?: string })[] = [];
    try {
      for (const [i, item] of items.entries()) {
        // A warm runtime that ended (broken, or done after a run it could not undo): a fresh one.
        if (lease && binary && !lease.host.serves(null)) {
          this.give(lease);
          lease = this.lease(compiled, binary);
        }
        const dir = join(lease?.dir ?? workDir, `v${i}`);
        results.push(await this.runOnce(compiled, item.flags ?? flags, item, dir, undefined, lease?.host));
      }
    } finally {
      if (lease) this.give(lease);
    }
    return results;
  }

  /**
   * A validator host for `compiled` (one sandbox for many runs, validator-host.ts), warm when one waits
   * (host-pool.ts), with a fresh directory of its own for this submission's runs; `binary` is hostBinary's.
   */
  lease(compiled: Extract<Compiled, { ok: true }>, binary: string): HostLease {
    // A validator compiled anew (into the same folder) never gets a host of the one before.
    let key = this.hostKeys.get(compiled);
    if (!key) this.hostKeys.set(compiled, (key = `${compiled.dir}#${++this.compilations}`));
    return this.hosts.take(key, (workDir) => this.startHost(compiled, binary, workDir));
  }

  /** The submission is done with the host: its runs' files go, the host waits for the next one. */
  give(lease: HostLease): void {
    this.hosts.give(lease);
  }

  /** The program a host for `compiled` runs (validator-host.c built, java, python3); null: a sandbox per run. */
  async hostBinary(compiled: Extract<Compiled, { ok: true }>): Promise<string | null> {
    if (compiled.kind === 'java') return join(this.ctx.sandbox.javaHome, 'bin/java');
    if (compiled.kind === 'python') return pythonRuntime()?.binary ?? null;
    if (compiled.hosted) return join(compiled.dir, 'hosted');
    return (await compiledHost(this.ctx.sandbox, this.ctx.cacheDir))?.binary ?? null;
  }

  /** The host's command line and binds for `compiled`, whose program `binary` is (hostBinary). */
  private hostLaunch(
    compiled: Extract<Compiled, { ok: true }>,
    binary: string,
  ): Pick<HostedValidator, 'hostArgv' | 'command' | 'binds'> {
    if (compiled.kind === 'java') {
      const jvm = jvmArgs(CHECKER_LIMITS, 'per-test', this.ctx.cdsArchive);
      return {
        hostArgv: [
          binary,
          ...jvm,
          '-cp',
          `/harness/${HARNESS_JAR}`,
          'ValidatorServer',
          '/harness',
          '/validator',
        ],
        command: [compiled.mainClass],
        binds: [{ src: this.ctx.harnessDir, dest: '/harness' }, ...this.runtimeBinds(compiled)],
      };
    }
    if (compiled.kind === 'python')
      return {
        hostArgv: [binary, ...PYTHON_OPTIONS, '-c', pythonHostSource()],
        command: [compiled.entry ? `/validator/${compiled.entry}` : '/validator'],
        binds: this.runtimeBinds(compiled),
      };
    // The validator linked with the host is its own fork server; otherwise the host execs it.
    const command = [`/validator/${compiled.binary}`];
    if (compiled.hosted) return { hostArgv: ['/validator/hosted'], command, binds: [] };
    return { hostArgv: ['/host/validator'], command, binds: [{ src: dirname(binary), dest: '/host' }] };
  }

  /** How `compiled` starts in its sandbox (its folder at /validator), before its arguments. */
  private command(compiled: Extract<Compiled, { ok: true }>): string[] | null {
    if (compiled.kind === 'cpp') return [`/validator/${compiled.binary}`];
    if (compiled.kind === 'java') {
      const { sandbox, cdsArchive } = this.ctx;
      const jvm = jvmArgs(CHECKER_LIMITS, 'per-test', cdsArchive);
      return [join(sandbox.javaHome, 'bin/java'), ...jvm, '-cp', '/validator', compiled.mainClass];
    }
    const python = pythonRuntime();
    return python && pythonArgv(python, compiled.entry ? `/validator/${compiled.entry}` : '/validator', []);
  }

  /** What a validator's sandbox binds beside its own folder: Java's class-data archive, Python's interpreter. */
  private runtimeBinds(compiled: Extract<Compiled, { ok: true }>): Bind[] {
    const { cdsArchive } = this.ctx;
    if (compiled.kind === 'java') return cdsArchive ? [{ src: cdsArchive, dest: '/cds' }] : [];
    return compiled.kind === 'python' ? (pythonRuntime()?.binds ?? []) : [];
  }

  /** A validator host (sandbox) for `compiled`, from the host program hostBinary gave, /work at `workDir`. */
  private startHost(
    compiled: Extract<Compiled, { ok: true }>,
    binary: string,
    workDir: string,
  ): ValidatorHost {
    const limits = CHECKER_LIMITS;
    // A JVM's threads and heap as a sandbox of its own allowed them; a C++ or Python validator's few.
    const java = compiled.kind === 'java';
    const pids = (java ? limits.maxProcesses : NATIVE_PIDS) + HOST_OWN_PIDS;
    // A C++ validator that is its own fork server holds what its static initializers touched once in
    // the host, and a run that writes it holds a copy: room for both, so that a run fits where a
    // fresh process of the limit's size would.
    const forks = compiled.kind === 'cpp' && compiled.hosted ? 2 : 1;
    const memoryBytes = java ? checkerProcessLimits(limits).memoryBytes : (limits.memoryMb << 20) * forks;
    const cg = this.ctx.sandbox.cgroups.available
      ? this.ctx.sandbox.cgroups.create({ memoryBytes, pids })
      : null;
    const validator = { dir: compiled.dir, ...this.hostLaunch(compiled, binary), pids, memoryBytes };
    const { sandbox } = this.ctx;
    return new ValidatorHost(sandbox, cg, validator, workDir, sandbox.interactRoot, limits);
  }

  /** Compiles the validator (once per source); a judge error sentence when it does not compile. */
  async prepare(validator: CustomOutputValidator): Promise<PreparedValidator> {
    const compiled = await this.compile(validator);
    if (!compiled.ok) return { ok: false, error: compileFailure(compiled.message) };
    return { ok: true, compiled };
  }

  /**
   * One interactive run (issue 42): the validator's stdin and stdout are `stdio` (the FIFOs from and to
   * the submission), its wall time the interaction's; what it says is interpreted as any validator run.
   * `brokenPipe` tells that it was killed writing to a submission that had gone.
   */
  async runInteractive(
    prepared: Extract<PreparedValidator, { ok: true }>,
    flags: string[],
    item: Pick<CustomCheckItem, 'input' | 'expected'>,
    dir: string,
    wiring: Pick<Interactive, 'stdio' | 'fifos' | 'onStarted'>,
    wallTimeMs: number,
    host?: ValidatorHost | null,
  ): Promise<CheckResult & { feedback?: string; brokenPipe: boolean }> {
    const out = { value: null as RunOutcome | null };
    const result = await this.runOnce(
      prepared.compiled,
      flags,
      { ...item, actual: '' },
      dir,
      { ...wiring, wallTimeMs, seen: out },
      host,
    );
    const o = out.value;
    const brokenPipe = o !== null && (o.signal === 'SIGPIPE' || o.exitCode === 128 + 13);
    return { ...result, brokenPipe };
  }

  /**
   * One pass of a multi-pass test (issue 42): the validator judges the pass's output with the test's own
   * input and answer, in `dir`, whose feedback directory persists from pass to pass; `nextPass` is the
   * nextpass.in it wrote (then removed), or null.
   */
  async validatePass(
    prepared: Extract<PreparedValidator, { ok: true }>,
    flags: string[],
    item: CustomCheckItem,
    dir: string,
  ): Promise<CheckResult & { feedback?: string; nextPass: string | null }> {
    const result = await this.runOnce(prepared.compiled, flags, item, dir);
    return { ...result, nextPass: takeNextPass(join(dir, 'feedback')) };
  }

  private compile(validator: CustomOutputValidator): Promise<Compiled> {
    const key = createHash('sha256').update(JSON.stringify(validator)).digest('hex');
    let entry = this.compiled.get(key);
    if (!entry) {
      entry = compileValidator(this.ctx, validator, join(this.ctx.cacheDir, `validator-${key.slice(0, 24)}`));
      this.compiled.set(key, entry);
      while (this.compiled.size > CACHE_SIZE)
        this.compiled.delete(this.compiled.keys().next().value as string);
    }
    return entry;
  }

  private async runOnce(
    compiled: Extract<Compiled, { ok: true }>,
    flags: string[],
    item: CustomCheckItem,
    dir: string,
    interactive?: Interactive,
    host?: ValidatorHost | null,
  ): Promise<CheckResult & { feedback?: string }> {
    const feedbackDir = join(dir, 'feedback');
    if (host) host.runs.prepare(dir);
    else makeRunDir(dir);
    const out = host
      ? await this.runHosted(host, flags, item, dir, interactive)
      : await this.runSandboxed(compiled, flags, item, dir, interactive);
    if (interactive) interactive.seen.value = out;
    return interpretValidatorRun(out, {
      team: readFeedback(feedbackDir, 'teammessage.txt'),
      judge: readFeedback(feedbackDir, 'judgemessage.txt'),
    });
  }

  /** One run through the submission's validator host (its feedback directory in `dir`, under the host's /work). */
  private runHosted(
    host: ValidatorHost,
    flags: string[],
    item: CustomCheckItem,
    dir: string,
    interactive?: Interactive,
  ): Promise<RunOutcome> {
    // The test's files as the host keeps them, or in the run's directory when too large to keep.
    const file = (name: string, text: string) => host.file(text) ?? host.path(written(dir, name, text));
    // The feedback directory ends in '/': validators append the file names to it as they are.
    const args = [
      file('input', item.input),
      file('answer', item.expected),
      `${host.path(join(dir, 'feedback'))}/`,
    ];
    if (interactive?.fifos)
      return host.run({
        stdin: interactive.fifos.fromProgram,
        stdout: interactive.fifos.toProgram,
        args: [...args, ...flags],
        wallTimeMs: interactive.wallTimeMs,
        onStarted: interactive.onStarted,
      });
    writeFileSync(join(dir, 'output'), item.actual, { mode: 0o644 });
    // What it prints goes to a file it may fill up to the limit a sandbox of its own held it to.
    writeFileSync(join(dir, 'stdout'), '');
    chmodSync(join(dir, 'stdout'), 0o666);
    return host.run({
      stdin: join(dir, 'output'),
      stdout: join(dir, 'stdout'),
      fileBytes: CHECKER_LIMITS.outputBytes,
      args: [...args, ...flags],
      wallTimeMs: CHECKER_LIMITS.wallTimeMs,
    });
  }

  private async runSandboxed(
    compiled: Extract<Compiled, { ok: true }>,
    flags: string[],
    item: CustomCheckItem,
    dir: string,
    interactive?: Interactive,
  ): Promise<RunOutcome> {
    const feedbackDir = join(dir, 'feedback');
    written(dir, 'input', item.input);
    written(dir, 'answer', item.expected);
    const args = ['/check/input', '/check/answer', '/feedback/', ...flags];
    const limits = CHECKER_LIMITS;
    const java = compiled.kind === 'java';
    const binds = [
      { src: compiled.dir, dest: '/validator' },
      { src: join(dir, 'input'), dest: '/check/input' },
      { src: join(dir, 'answer'), dest: '/check/answer' },
      { src: feedbackDir, dest: '/feedback', rw: true },
      ...this.runtimeBinds(compiled),
    ];
    const argv = [...(this.command(compiled) ?? []), ...args];
    const processLimits = checkerProcessLimits(limits);
    return this.ctx.sandbox.run({
      argv,
      binds,
      stdin: item.actual,
      limits: java ? processLimits : { ...processLimits, pids: NATIVE_PIDS },
      wallTimeMs: interactive?.wallTimeMs ?? limits.wallTimeMs,
      cpuLimitMs: limits.cpuTimeMs,
      maxStdoutBytes: limits.outputBytes,
      maxStderrBytes: STDERR_LIMIT,
      ...(interactive?.stdio ? { stdio: interactive.stdio } : {}),
    });
  }
}

/** An interactive run: the FIFOs as fds (a sandbox of its own) or as paths (the validator host). */
interface Interactive {
  stdio?: { stdin: number; stdout: number };
  fifos?: { toProgram: string; fromProgram: string };
  wallTimeMs: number;
  seen: { value: RunOutcome | null };
  onStarted?: () => void;
}

/** `text` written to `dir`/`name` (readable by the sandbox's uid): its path. */
function written(dir: string, name: string, text: string): string {
  writeFileSync(join(dir, name), text, { mode: 0o644 });
  return join(dir, name);
}
