// French licence plates of the SIV system (since 2009): 'AA-123-AA' (docs/product/policies.md /changeVehicle).
//
// Enforces what the SIV never issues, so a typo is caught before the broker sees it: the letters
// I, O and U (mistaken for 1, 0 and V); 'SS' in either letter block (banned by the French penal
// code); 'WW' on the left (temporary plates, not a registered vehicle); the number 000.
// Older FNI plates ('123 ABC 75') are refused: a vehicle gets a SIV number at its first change of
// owner since 2009, so an FNI plate on a vehicle that changes hands is rare.

const PLATE_INPUT = /^([A-Z]{2})\s*-?\s*(\d{3})\s*-?\s*([A-Z]{2})$/;
const SIV_LETTERS = /^[A-HJ-NP-TV-Z]{2}$/;

/** 'ab123cd', 'AB 123 CD', 'ab-123-cd' → 'AB-123-CD'; null when not a plate the SIV issues. */
export function normalizePlate(input: string): string | null {
  const match = PLATE_INPUT.exec(input.trim().toUpperCase());
  if (!match) return null;
  const [, left = '', digits = '', right = ''] = match;
  if (!SIV_LETTERS.test(left) || !SIV_LETTERS.test(right)) return null;
  if (left === 'SS' || right === 'SS' || left === 'WW' || digits === '000') return null;
  return `${left}-${digits}-${right}`;
}
