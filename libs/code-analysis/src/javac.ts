/**
 * javac's diagnostics as the analyzer reads them. The API runs no compiler: the judge compiles the code
 * with `javac -Xlint:all` in its warm compile service, in the sandbox (the `ai-lint` job,
 * apps/judge/src/ai/jobs.ts), and returns javac's own text, parsed here.
 */

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
  /** False when no judge compiled the code in time: then there are no diagnostics. */
  ran: boolean;
  compiled: boolean;
  diagnostics: JavacDiagnostic[];
  note?: string;
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
