import { describe, expect, it } from 'vitest';
import { formatParisTime, formatReceivedAt } from './display-format';

describe('formatReceivedAt', () => {
  it('reads the instant in Paris time, summer and winter', () => {
    expect(formatReceivedAt('2026-11-22T13:05:00Z')).toBe('22.11.2026 à 14:05');
    expect(formatReceivedAt('2026-07-01T22:30:00.000Z')).toBe('02.07.2026 à 00:30');
  });
});

describe('formatParisTime', () => {
  it('says the hour in Paris time as formatReceivedAt does, summer and winter', () => {
    expect(formatParisTime('2026-11-22T13:05:00Z')).toBe('14:05');
    expect(formatParisTime('2026-07-01T07:05:00Z')).toBe('09:05');
    expect(formatParisTime('2026-07-01T22:30:00.000Z')).toBe('00:30');
  });
});
