// The language of a refusal (docs/decisions/0090-french-validation-and-operation-ids.md): what a
// client reads in an error body, `{ error: { message, fields? } }`, and whether any of it is
// zod's English, for the tests that send bad input (http/french-errors.test.ts, the fuzz tests).

/** zod's English templates (v4) and their fallback; never a word of a French message. */
export const ZOD_ENGLISH =
  /\b(Invalid|[Ee]xpected|[Rr]eceived|Required|must|Too (small|big)|Unrecognized|discriminator)\b/;

/** The texts of an error body: its message and each field's reason. */
export function refusalTexts(body: string): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [];
  }
  const error = (parsed as { error?: { message?: unknown; fields?: unknown } } | null)?.error;
  if (!error || typeof error !== 'object') return [];
  const fields =
    error.fields && typeof error.fields === 'object' ? Object.values(error.fields) : [];
  return [error.message, ...fields].filter((text): text is string => typeof text === 'string');
}

/**
 * The texts of a refusal that read as zod's English. The values a French message quotes
 * (« in_progress ») are left out: they are the API's own words.
 */
export function englishIn(response: { statusCode: number; body: string }): string[] {
  if (response.statusCode < 400) return [];
  return refusalTexts(response.body).filter((text) =>
    ZOD_ENGLISH.test(text.replace(/«[^»]*»/gu, '')),
  );
}
