// The cache of verified tokens (authentication.ts): never used past a token's `exp`, bounded.
import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './authentication';

describe('verified tokens', () => {
  it('answers a token until its exp, and never after', () => {
    let now = 1_000_000;
    const tokens = new VerifiedTokens(10, () => now);
    tokens.set('a.b.c', { sub: 'x', exp: 1_060 });
    expect(tokens.get('a.b.c')?.sub).toBe('x');
    expect(tokens.get('a.b.other')).toBeUndefined();
    now = 1_059_999;
    expect(tokens.get('a.b.c')?.sub).toBe('x');
    now = 1_060_000;
    expect(tokens.get('a.b.c')).toBeUndefined();
    now = 1_000_000;
    expect(tokens.get('a.b.c')).toBeUndefined();
  });

  it('keeps at most its bound, dropping the least recently used', () => {
    const tokens = new VerifiedTokens(2, () => 0);
    tokens.set('t1', { exp: 100 });
    tokens.set('t2', { exp: 100 });
    expect(tokens.get('t1')).toBeDefined();
    tokens.set('t3', { exp: 100 });
    expect(tokens.get('t2')).toBeUndefined();
    expect(tokens.get('t1')).toBeDefined();
    expect(tokens.get('t3')).toBeDefined();
  });
});
