// The 14 standard PDF fonts draw WinAnsi only (tagged-pdf.ts does not embed fonts): every text
// drawn goes through `drawable` first.

/** Replaces what the standard fonts cannot draw: fr-FR narrow spaces, other spaces, emoji. */
export function drawable(text: string): string {
  return Array.from(text.normalize('NFC'), (char) => {
    if (/[\u2007\u202f]/u.test(char)) return '\u00a0';
    if (/\s/u.test(char) && char !== '\u00a0') return ' ';
    const code = char.codePointAt(0)!;
    if (code < 0x100 || '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'.includes(char)) return char;
    const base = char.normalize('NFD').replace(/\p{M}/gu, '');
    return base !== '' && base.codePointAt(0)! < 0x100 ? base : '?';
  }).join('');
}
