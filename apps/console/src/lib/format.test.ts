import { describe, expect, it } from 'vitest';
import { formatHours, formatSize } from './format';

describe('the console’s formats', () => {
  it('writes an age in days and hours, rounded down to the hour', () => {
    expect(formatHours(0.4)).toBe('0\u00a0h');
    expect(formatHours(5.9)).toBe('5\u00a0h');
    expect(formatHours(24)).toBe('1\u00a0j');
    expect(formatHours(50)).toBe('2\u00a0j 2\u00a0h');
    expect(formatHours(-3)).toBe('0\u00a0h');
  });

  it('writes a file size in French units', () => {
    expect(formatSize(null)).toBe('');
    expect(formatSize(512)).toBe('512\u00a0o');
    expect(formatSize(1536)).toBe('1,5\u00a0Ko');
    expect(formatSize(5 * 1024 * 1024)).toBe('5\u00a0Mo');
  });
});
