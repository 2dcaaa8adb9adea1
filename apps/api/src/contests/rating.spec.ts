import { describe, expect, it } from 'vitest';
import { eloRatingChanges, sharedRanks } from './rating';

describe('eloRatingChanges', () => {
  it('moves two equal players by K/2 in opposite directions', () => {
    const changes = eloRatingChanges([
      { userId: 'a', rating: 1500, rank: 1 },
      { userId: 'b', rating: 1500, rank: 2 },
    ]);
    expect(changes.get('a')).toBe(40);
    expect(changes.get('b')).toBe(-40);
  });

  it('gives a favourite who wins less than an underdog who wins', () => {
    const favouriteWins = eloRatingChanges([
      { userId: 'fav', rating: 1900, rank: 1 },
      { userId: 'dog', rating: 1500, rank: 2 },
    ]);
    const underdogWins = eloRatingChanges([
      { userId: 'fav', rating: 1900, rank: 2 },
      { userId: 'dog', rating: 1500, rank: 1 },
    ]);
    expect(favouriteWins.get('fav')!).toBeGreaterThan(0);
    expect(underdogWins.get('dog')!).toBeGreaterThan(favouriteWins.get('fav')!);
  });

  it('sums to about zero over a field and leaves tied equal players unchanged', () => {
    const players = [1500, 1620, 1410, 1800, 1500].map((rating, i) => ({
      userId: `p${i}`,
      rating,
      rank: i + 1,
    }));
    const total = [...eloRatingChanges(players).values()].reduce((a, b) => a + b, 0);
    expect(Math.abs(total)).toBeLessThanOrEqual(players.length);
    const tied = eloRatingChanges([
      { userId: 'a', rating: 1500, rank: 1.5 },
      { userId: 'b', rating: 1500, rank: 1.5 },
    ]);
    expect([tied.get('a'), tied.get('b')]).toEqual([0, 0]);
  });

  it('does not rate a lone participant', () => {
    expect(eloRatingChanges([{ userId: 'solo', rating: 1500, rank: 1 }]).get('solo')).toBe(0);
  });
});

describe('sharedRanks', () => {
  it('gives tied neighbours the average of their places', () => {
    expect(sharedRanks([30, 20, 20, 10, 0, 0, 0], (a, b) => a === b)).toEqual([1, 2.5, 2.5, 4, 6, 6, 6]);
  });
});
