import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { Icon } from './Icon';

/** Symbol glyphs once used as icons: a font without them shows a box (issue 45). */
const GLYPH_ICONS = /[✓✗✕⏱▣⚠⇶⚙☰▾★☆✔✘❌⭐🏆🔥]/u;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('icons (issue 45)', () => {
  it('are SVG from one set, hidden from screen readers', () => {
    const { container } = render(<Icon name="time_limit_exceeded" />);
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(container.textContent).toBe('');
  });

  it('no web source draws an icon with a symbol glyph', () => {
    const root = join(__dirname, '..');
    const offenders = sources(root).filter((file) => GLYPH_ICONS.test(readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
