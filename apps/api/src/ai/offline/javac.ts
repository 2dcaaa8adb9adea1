import { analyzeJavaSource } from '@javelin/java-io';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface JavacDiagnostic {
  kind: 'error' | 'warning';
  line: number;
  message: string;
  /** The lint category of a warning ("rawtypes", "unchecked"…), when javac names one. */
  category?: string;
  /** Lines javac adds below the caret ("symbol: variable x", "location: class Main"). */
  details: string[];
}

export interface JavacResult {
  /** False when javac could not be run (missing JDK, timeout): then there are no diagnostics. */
  ran: boolean;
  compiled: boolean;
  diagnostics: JavacDiagnostic[];
  note?: string;
}

/** At most this many javac processes at once, so analysis requests cannot swamp the API host. */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * Compiles the code with the real `javac -Xlint:all -proc:none` in a private temp dir and returns its
 * diagnostics. The code is never run: `-proc:none` also keeps annotation processors from running.
 */
export async function compileJava(code: string, timeoutMs: number, javac = 'javac'): Promise<JavacResult> {
  return withSlot(async () => {
    const dir = await mkdtemp(join(tmpdir(), 'javelin-ai-'));
    try {
      const info = analyzeJavaSource(code);
      const fileName = `${info.publicClass ?? info.mainClass ?? 'Main'}.java`;
      await mkdir(join(dir, 'out'));
      await writeFile(join(dir, fileName), code, 'utf8');
      const output = await run(
        javac,
        ['-Xlint:all', '-proc:none', '-J-Xmx256m', '-encoding', 'UTF-8', '-d', 'out', fileName],
        dir,
        timeoutMs,
      );
      if (output.failure) return { ran: false, compiled: false, diagnostics: [], note: output.failure };
      const diagnostics = parseJavacOutput(output.text, fileName);
      return { ran: true, compiled: output.exitCode === 0, diagnostics };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
}

function run(
  command: string,
  args: string[],
  cwd: string,
  timeoutMs: number,
): Promise<{ text: string; exitCode: number; failure?: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        cwd,
        timeout: timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: 1 << 20,
        env: { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8' },
      },
      (error, stdout, stderr) => {
        const text = `${stderr}${stdout}`;
        if (error && (error as NodeJS.ErrnoException).code === 'ENOENT') {
          resolve({ text, exitCode: -1, failure: 'javac is not installed on the server' });
        } else if (error && error.killed) {
          resolve({
            text,
            exitCode: -1,
            failure: `javac did not finish within ${Math.round(timeoutMs / 1000)} s`,
          });
        } else {
          resolve({ text, exitCode: error ? Number(error.code ?? 1) : 0 });
        }
      },
    );
  });
}

const HEADER = /^(.+?\.java):(\d+): (error|warning): (.*)$/;

export function parseJavacOutput(text: string, fileName: string): JavacDiagnostic[] {
  const diagnostics: JavacDiagnostic[] = [];
  let current: JavacDiagnostic | null = null;
  let linesSinceHeader = 0;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    const head = HEADER.exec(line);
    if (head && head[1].endsWith(fileName)) {
      const category = /^\[([\w-]+)\]\s*/.exec(head[4]);
      current = {
        kind: head[3] as 'error' | 'warning',
        line: Number(head[2]),
        message: category ? head[4].slice(category[0].length) : head[4],
        category: category?.[1],
        details: [],
      };
      linesSinceHeader = 0;
      diagnostics.push(current);
      continue;
    }
    if (!current) continue;
    linesSinceHeader++;
    // The first two lines after a header repeat the source line and the caret.
    if (linesSinceHeader <= 2 || /^\d+ (errors?|warnings?)$/.test(line.trim()) || !line.trim()) continue;
    current.details.push(line.trim());
  }
  return diagnostics;
}
