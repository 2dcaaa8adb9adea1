/** Deterministic randomness for the catalog's generated tests: the same catalog on every seed run. */

/** mulberry32: a tiny deterministic PRNG, so generated tests are identical on every seed run. */
export function rng(seed: number): (lo: number, hi: number) => number {
  let a = seed >>> 0;
  return (lo, hi) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const unit = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return lo + Math.floor(unit * (hi - lo + 1));
  };
}
