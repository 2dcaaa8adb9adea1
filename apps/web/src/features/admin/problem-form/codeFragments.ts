import type { CodeRegion } from '@javelin/contracts';

/** A run of one line's text, inside the matching fragment `fragment` (its index) or outside any (null). */
export interface Segment {
  text: string;
  fragment: number | null;
}

/**
 * Splits code into lines of segments, marking the characters each region covers (Dolos' 0-based
 * rows and columns, end column exclusive) with the index of its region, leaving out the indentation
 * of its later lines. Where regions overlap, the first wins, so a fragment keeps one colour on both sides.
 */
export function markFragments(code: string, regions: readonly CodeRegion[]): Segment[][] {
  const lines = code.split('\n');
  const marks = lines.map((line) => new Array<number | null>(line.length).fill(null));
  regions.forEach((r, index) => {
    for (let row = Math.max(0, r.startRow); row <= Math.min(r.endRow, lines.length - 1); row++) {
      // A region's later lines are marked from their first non-blank character: indentation is layout.
      const from = row === r.startRow ? r.startCol : lines[row].search(/\S|$/);
      const to = row === r.endRow ? Math.min(r.endCol, lines[row].length) : lines[row].length;
      for (let col = Math.max(0, from); col < to; col++) marks[row][col] ??= index;
    }
  });
  return lines.map((line, row) => {
    const segments: Segment[] = [];
    for (let col = 0; col < line.length; col++) {
      const fragment = marks[row][col];
      const last = segments.at(-1);
      if (last && last.fragment === fragment) last.text += line[col];
      else segments.push({ text: line[col], fragment });
    }
    return segments;
  });
}
