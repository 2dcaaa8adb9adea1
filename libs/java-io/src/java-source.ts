/**
 * A light reading of a Java compilation unit: enough to name the source file after its public class
 * and to find the class to launch. Comments, string/char literals and text blocks are blanked first
 * so that braces or the word `class` inside them do not confuse the scan.
 */

export interface JavaSourceInfo {
  /** `a.b` from `package a.b;`, or null. */
  packageName: string | null;
  /** The simple name of the top-level public class/interface/enum/record, or null. */
  publicClass: string | null;
  /** Every top-level public type, in order: more than one does not compile (each needs its own file). */
  publicTypes: string[];
  /** Simple names of all top-level types, in order. */
  topLevelTypes: string[];
  /** The simple name of the top-level type that declares `static ... void main(`, preferring the public one. */
  mainClass: string | null;
}

/** Replace comments and literals with spaces, keeping offsets and line breaks. */
export function blankCommentsAndLiterals(src: string): string {
  const out = src.split('');
  const n = src.length;
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to && k < n; k++) if (out[k] !== '\n') out[k] = ' ';
  };
  while (i < n) {
    const c = src[i];
    const d = src[i + 1];
    if (c === '/' && d === '/') {
      let j = i;
      while (j < n && src[j] !== '\n') j++;
      blank(i, j);
      i = j;
    } else if (c === '/' && d === '*') {
      const end = src.indexOf('*/', i + 2);
      const j = end < 0 ? n : end + 2;
      blank(i, j);
      i = j;
    } else if (c === '"' && src.startsWith('"""', i)) {
      const end = src.indexOf('"""', i + 3);
      const j = end < 0 ? n : end + 3;
      blank(i, j);
      i = j;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < n && src[j] !== c && src[j] !== '\n') j += src[j] === '\\' ? 2 : 1;
      j = Math.min(n, j + 1);
      blank(i, j);
      i = j;
    } else {
      i++;
    }
  }
  return out.join('');
}

const TYPE_DECL = /\b(class|interface|enum|record)\s+([A-Za-z_$][A-Za-z0-9_$]*)/g;
const MAIN_DECL = /\bstatic\b[^;{}()=]*\bvoid\s+main\s*\(/;

export function analyzeJavaSource(src: string): JavaSourceInfo {
  const code = blankCommentsAndLiterals(src);
  const pkg = /^\s*package\s+([A-Za-z_$][\w$]*(?:\s*\.\s*[A-Za-z_$][\w$]*)*)\s*;/m.exec(code);
  const packageName = pkg ? pkg[1].replace(/\s+/g, '') : null;

  // Depth of every offset, and top-level type declarations with their body ranges.
  const types: { name: string; isPublic: boolean; bodyStart: number; bodyEnd: number }[] = [];
  let depth = 0;
  let lastTopLevelEnd = 0; // offset after the last `;` or `}` at depth 0 (start of current declaration)
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === '{') {
      if (depth === 0) {
        const header = code.slice(lastTopLevelEnd, i);
        let m: RegExpExecArray | null;
        let decl: RegExpExecArray | null = null;
        TYPE_DECL.lastIndex = 0;
        while ((m = TYPE_DECL.exec(header)) !== null) {
          decl = m;
          break;
        }
        if (decl) {
          const before = header.slice(0, decl.index).replace(/@\w+(\s*\([^)]*\))?/g, ' ');
          types.push({ name: decl[2], isPublic: /\bpublic\b/.test(before), bodyStart: i + 1, bodyEnd: -1 });
        }
      }
      depth++;
    } else if (c === '}') {
      depth = Math.max(0, depth - 1);
      if (depth === 0) {
        const open = types.find((t) => t.bodyEnd === -1);
        if (open) open.bodyEnd = i;
        lastTopLevelEnd = i + 1;
      }
    } else if (c === ';' && depth === 0) {
      lastTopLevelEnd = i + 1;
    }
  }

  const hasMain = (t: (typeof types)[number]) => {
    const body = code.slice(t.bodyStart, t.bodyEnd < 0 ? code.length : t.bodyEnd);
    // Only members at depth 1 of the type: drop nested bodies.
    let flat = '';
    let d = 0;
    for (const ch of body) {
      if (ch === '{') {
        if (d === 0) flat += ';';
        d++;
      } else if (ch === '}') {
        d = Math.max(0, d - 1);
      } else if (d === 0) {
        flat += ch;
      }
    }
    return MAIN_DECL.test(flat);
  };

  const publicType = types.find((t) => t.isPublic) ?? null;
  let mainType = publicType && hasMain(publicType) ? publicType : null;
  if (!mainType) mainType = types.find(hasMain) ?? null;
  return {
    packageName,
    publicClass: publicType ? publicType.name : null,
    publicTypes: types.filter((t) => t.isPublic).map((t) => t.name),
    topLevelTypes: types.map((t) => t.name),
    mainClass: mainType ? mainType.name : null,
  };
}
