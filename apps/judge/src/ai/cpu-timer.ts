import { analyzeJavaSource, blankCommentsAndLiterals } from '@javelin/java-io';

/** What the timing class prints on stderr after the program's main returns (or throws). */
const MARKER = 'javelin-measure-cpu-ns:';
const MARKER_RE = new RegExp(`${MARKER}(\\d+)`);
const TIMER_CLASS = 'JavelinMeasureTimer';

/**
 * The user's program with a public timing class added whose main calls the program's main and then
 * prints the CPU time of that thread: the measured time excludes JIT and GC threads and does not grow
 * when the machine is busy (wall time does). The program's public class loses its `public` (replaced
 * by spaces, so lines and columns stay). Null when the source does not fit that shape (a package, no
 * public main class): the measurement then uses the test's wall time.
 */
export function withCpuTimer(code: string): string | null {
  const info = analyzeJavaSource(code);
  const name = info.publicClass;
  if (!name || info.packageName || info.mainClass !== name || info.topLevelTypes.includes(TIMER_CLASS))
    return null;
  const blank = blankCommentsAndLiterals(code);
  const declaration = new RegExp(
    `\\bpublic(?=\\s+(?:(?:final|abstract|strictfp)\\s+)*class\\s+${name}\\b)`,
  ).exec(blank);
  if (!declaration) return null;
  const at = declaration.index;
  return `${code.slice(0, at)}${' '.repeat('public'.length)}${code.slice(at + 'public'.length)}
public class ${TIMER_CLASS} {
    public static void main(String[] args) throws Throwable {
        java.lang.management.ThreadMXBean mx = java.lang.management.ManagementFactory.getThreadMXBean();
        long start = mx.getCurrentThreadCpuTime();
        try {
            ${name}.main(args);
        } finally {
            System.err.println("${MARKER}" + (mx.getCurrentThreadCpuTime() - start));
        }
    }
}
`;
}

/** The CPU time the timing class reported, ms; undefined when it printed none (the program exited itself). */
export function cpuMsOf(stderr: string | undefined): number | undefined {
  const m = MARKER_RE.exec(stderr ?? '');
  return m ? Number(m[1]) / 1e6 : undefined;
}
