import { describe, expect, it } from 'vitest';
import { codeforcesRatingChanges, RatedPlayer, sharedRanks, winProbability } from './rating';

const field = (ratings: number[]): RatedPlayer[] =>
  ratings.map((rating, i) => ({ userId: `p${i}`, rating, rank: i + 1 }));
const total = (changes: Map<string, number>) => [...changes.values()].reduce((a, b) => a + b, 0);

describe('codeforcesRatingChanges', () => {
  it('moves two equal newcomers as the published method does by hand (+96 / -98)', () => {
    // seed 1.5 each; winner's target place √1.5 → rating 1715 → +107; loser's √3 → 1325 → −87;
    // sum 20 → every change −11; the top-players correction is 0.
    const changes = codeforcesRatingChanges(field([1500, 1500]));
    expect([changes.get('p0'), changes.get('p1')]).toEqual([96, -98]);
  });

  it('lets the winner gain and the last lose, in fields of every size', () => {
    for (const n of [2, 3, 5, 10, 40]) {
      const players = field(Array.from({ length: n }, (_, i) => 1400 + ((i * 137) % 400)));
      const changes = codeforcesRatingChanges(players);
      expect(changes.get('p0')!).toBeGreaterThan(0);
      expect(changes.get(`p${n - 1}`)!).toBeLessThan(0);
    }
  });

  it('keeps the sum of changes close to zero (within one point per player)', () => {
    for (const ratings of [
      [1500, 1500, 1500, 1500],
      [1500, 1620, 1410, 1800, 1500],
      Array.from({ length: 30 }, (_, i) => 1200 + i * 25),
    ]) {
      const players = field(ratings);
      expect(Math.abs(total(codeforcesRatingChanges(players)))).toBeLessThanOrEqual(players.length);
    }
  });

  it('keeps the order of ratings when the results come in rating order', () => {
    const players = field([2100, 1900, 1750, 1600, 1500, 1420, 1300]);
    const changes = codeforcesRatingChanges(players);
    const after = players.map((p) => p.rating + changes.get(p.userId)!);
    for (let i = 1; i < after.length; i++) expect(after[i - 1]).toBeGreaterThan(after[i]);
  });

  it('rewards an underdog who wins more than a favourite who wins', () => {
    const favouriteWins = codeforcesRatingChanges([
      { userId: 'fav', rating: 1900, rank: 1 },
      { userId: 'dog', rating: 1500, rank: 2 },
    ]);
    const underdogWins = codeforcesRatingChanges([
      { userId: 'fav', rating: 1900, rank: 2 },
      { userId: 'dog', rating: 1500, rank: 1 },
    ]);
    expect(underdogWins.get('dog')!).toBeGreaterThan(favouriteWins.get('fav')!);
    expect(favouriteWins.get('fav')!).toBeGreaterThanOrEqual(0);
  });

  it('gives tied equal players the same change', () => {
    const tied = codeforcesRatingChanges([
      { userId: 'a', rating: 1500, rank: 1.5 },
      { userId: 'b', rating: 1500, rank: 1.5 },
    ]);
    expect(tied.get('a')).toBe(tied.get('b'));
  });

  it('does not rate a lone participant', () => {
    expect(codeforcesRatingChanges([{ userId: 'solo', rating: 1500, rank: 1 }]).get('solo')).toBe(0);
  });

  it('uses the Elo win probability', () => {
    expect(winProbability(1500, 1500)).toBe(0.5);
    expect(winProbability(1900, 1500)).toBeCloseTo(10 / 11, 10);
  });
});

describe('sharedRanks', () => {
  it('gives tied neighbours the average of their places', () => {
    expect(sharedRanks([30, 20, 20, 10, 0, 0, 0], (a, b) => a === b)).toEqual([1, 2.5, 2.5, 4, 6, 6, 6]);
  });
});
