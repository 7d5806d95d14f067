import { describe, expect, it } from 'vitest';
import { RangeMinimum } from './range-minimum';

/** The positions of [low, high) by value then position, the slow and obvious way. */
function expected(values: number[], low: number, high: number): number[] {
  const positions = Array.from({ length: Math.max(0, high - low) }, (_, i) => low + i);
  return positions.sort((a, b) => values[a]! - values[b]! || a - b);
}

describe('RangeMinimum', () => {
  it('hands out the positions of any range by increasing value, ties by position', () => {
    // A fixed pseudo-random sequence with many ties, so that a failure can be replayed.
    let seed = 7;
    const values = Array.from({ length: 300 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % 40;
    });
    const minimum = new RangeMinimum(Int32Array.from(values));
    for (const [low, high] of [
      [0, 300],
      [0, 1],
      [17, 18],
      [5, 133],
      [128, 256],
      [299, 300],
      [42, 42],
    ] as const) {
      expect([...minimum.positionsByValue(low, high)]).toEqual(expected(values, low, high));
    }
  });

  it('gives the smallest of a long range first, lazily', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 100_000);
    const minimum = new RangeMinimum(Int32Array.from(values));
    const firstThree: number[] = [];
    for (const at of minimum.positionsByValue(10, 90_000)) {
      firstThree.push(at);
      if (firstThree.length === 3) break;
    }
    expect(firstThree).toEqual(expected(values, 10, 90_000).slice(0, 3));
  });
});
