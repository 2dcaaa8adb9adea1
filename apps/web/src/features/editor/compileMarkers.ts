export interface EditorMarker {
  /** 1-based line in the user's code. */
  line: number;
  message: string;
}

// javac reports `Main.java:3: error: ';' expected` with line numbers of the submitted code.
const JAVAC_ERROR = /^[\w$/.-]+\.java:(\d+): error: (.*)$/gm;

/** The editor markers for a compiler message: one per reported error, at its line. */
export function compileErrorMarkers(compileError: string | undefined): EditorMarker[] {
  if (!compileError) return [];
  return [...compileError.matchAll(JAVAC_ERROR)].map((m) => ({ line: Number(m[1]), message: m[2] }));
}
