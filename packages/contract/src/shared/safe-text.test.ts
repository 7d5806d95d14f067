import { describe, expect, it } from 'vitest';
import { isSafeText, SAFE_TEXT_MESSAGE, safeMultilineString, safeString } from './safe-text';

describe('safe strings', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['a tab', 'a\tb'],
    ['a line feed', 'a\nb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a right-to-left override', 'Mme \u202eTNOPUD'],
    ['a bidi isolate', 'a\u2066b'],
    ['a lone high surrogate', 'a\ud800'],
    ['a lone low surrogate', '\udc00b'],
  ])('refuse %s in a one-line text', (_name, text) => {
    expect(isSafeText(text)).toBe(false);
    expect(safeString().safeParse(text).error?.issues[0]?.message).toBe(SAFE_TEXT_MESSAGE);
  });

  it('keep letters of any alphabet, accents, emoji and marks', () => {
    for (const text of ['Élodie N’Diaye', 'Łukasz', 'مريم', '山田', 'ok 😀', 'a\u200fb'])
      expect(safeString().parse(text)).toBe(text);
  });

  it('allow line breaks only in a multi-line text', () => {
    expect(safeMultilineString().parse('Bonjour,\r\nmerci.')).toBe('Bonjour,\r\nmerci.');
    expect(safeMultilineString().safeParse('a\u0000b').success).toBe(false);
    expect(safeMultilineString().safeParse('a\tb').success).toBe(false);
    expect(safeString().safeParse('a\nb').success).toBe(false);
  });

  it('give the field’s own message when the value is missing', () => {
    expect(safeString({ error: 'Requis' }).safeParse(undefined).error?.issues[0]?.message).toBe(
      'Requis',
    );
  });
});
