import { describe, expect, it } from 'vitest';
import { IMAGE_LINK_LIFETIME_SECONDS, ImageLinks, imageUrlPrefix, unsignStatement } from './image-links';

const ID = '1b9c9f4e-0000-4000-8000-000000000001';
const OTHER = '1b9c9f4e-0000-4000-8000-000000000002';
const NOW = Date.parse('2030-05-01T10:20:00Z');

function links(secret = 'x'.repeat(40)) {
  const l = new ImageLinks({ jwtSecret: secret });
  l.now = () => NOW;
  return l;
}

/** The exp and sig of the first signed link in `markdown`. */
function query(markdown: string): { exp: string; sig: string } {
  const m = /\?exp=(\d+)&sig=([A-Za-z0-9_-]+)/.exec(markdown);
  if (!m) throw new Error(`no signed link in ${markdown}`);
  return { exp: m[1], sig: m[2] };
}

describe('ImageLinks (signed, expiring statement image links)', () => {
  const statement = `A tree:\n\n![tree](${imageUrlPrefix(ID)}tree.svg)\n\n<img src="${imageUrlPrefix(ID)}fig_1.png" alt="">\n\n![elsewhere](https://example.org/a.png) ![other](${imageUrlPrefix(OTHER)}x.png)`;

  it("signs every link to the problem's own images, and nothing else", () => {
    const signed = links().signStatement(ID, statement);
    expect(signed.match(/\?exp=\d+&sig=[A-Za-z0-9_-]{43}/g)).toHaveLength(2);
    expect(signed).toContain(`${imageUrlPrefix(ID)}tree.svg?exp=`);
    expect(signed).toContain(`${imageUrlPrefix(ID)}fig_1.png?exp=`);
    expect(signed).toContain('(https://example.org/a.png)');
    expect(signed).toContain(`(${imageUrlPrefix(OTHER)}x.png)`);
  });

  it('issues links valid for the lifetime, rounded up to the hour so a statement fetched twice keeps its links', () => {
    const l = links();
    const first = l.signStatement(ID, statement);
    l.now = () => NOW + 10 * 60_000;
    expect(l.signStatement(ID, statement)).toBe(first);
    const exp = Number(query(first).exp);
    expect(exp % 3600).toBe(0);
    expect(exp * 1000 - NOW).toBeGreaterThanOrEqual(IMAGE_LINK_LIFETIME_SECONDS * 1000);
    expect(exp * 1000 - NOW).toBeLessThan((IMAGE_LINK_LIFETIME_SECONDS + 3600) * 1000);
  });

  it('accepts its own signature until it expires', () => {
    const l = links();
    const { exp, sig } = query(l.signStatement(ID, statement));
    expect(l.verify(ID, exp, sig)).toBe(true);
    l.now = () => Number(exp) * 1000 - 1;
    expect(l.verify(ID, exp, sig)).toBe(true);
    l.now = () => Number(exp) * 1000;
    expect(l.verify(ID, exp, sig)).toBe(false);
  });

  it('refuses a signature of another problem, another expiry, another secret, or malformed', () => {
    const l = links();
    const { exp, sig } = query(l.signStatement(ID, statement));
    expect(l.verify(OTHER, exp, sig)).toBe(false);
    expect(l.verify(ID, String(Number(exp) + 3600), sig)).toBe(false);
    expect(links('y'.repeat(40)).verify(ID, exp, sig)).toBe(false);
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    expect(l.verify(ID, exp, flipped)).toBe(false);
    expect(l.verify(ID, exp, sig.slice(1))).toBe(false);
    expect(l.verify(ID, `${exp}.5`, sig)).toBe(false);
  });

  it('re-signs a statement that already carries (stale) signatures, and a stored statement keeps none', () => {
    const l = links();
    const signed = l.signStatement(ID, statement);
    l.now = () => NOW + 5 * 3600_000;
    const again = l.signStatement(ID, signed);
    expect(again.match(/\?exp=/g)).toHaveLength(2);
    expect(query(again).exp).not.toBe(query(signed).exp);
    expect(unsignStatement(signed)).toBe(statement);
  });
});
