import { compareCost, Cost, N } from '../cost';

/** A cost with the reasons that make it (the dominant path only). */
export interface Term {
  cost: Cost;
  why: string[];
  /**
   * Work whose total is bounded however often it is started: a search that marks what it visited
   * costs its whole O(nodes) once over all the calls of a loop, so it adds to the loop, not multiplies.
   */
  once?: Term;
  /** Set on a method whose cost is such a once-overall total. */
  amortised?: boolean;
}

/** The dominant of two terms, keeping the once-overall work of both. */
export function pick(a: Term, b: Term): Term {
  const order = compareCost(b.cost, a.cost);
  // On a tie (O(k) then O(n)) the input's length wins: an int input that sizes a loop is usually bounded by it.
  const winner = order > 0 || (order === 0 && N in b.cost.poly && !(N in a.cost.poly)) ? b : a;
  const once =
    a.once && b.once ? (compareCost(b.once.cost, a.once.cost) > 0 ? b.once : a.once) : (a.once ?? b.once);
  return once === winner.once ? winner : { ...winner, once };
}

export function pickOnce(a: Term | undefined, b: Term | undefined): Term | undefined {
  return a && b ? (compareCost(b.cost, a.cost) > 0 ? b : a) : (a ?? b);
}

/** The few characters before a call: enough to see its receiver, and cheap on long texts. */
export function lookBehind(text: string, index: number): string {
  return text.slice(Math.max(0, index - 120), index);
}
