// The one building block for every text a client sends (bodies, query strings, form fields):
// `safeString()` for a one-line text, `safeMultilineString()` for a message that may hold line
// breaks. Both are zod strings whose first check refuses, with a French message, what no real
// customer types and what PostgreSQL or a log reader would choke on: control characters (NUL
// included; only \n and \r in a multi-line text), the invisible bidirectional overrides and
// isolates that make a name read differently from what it holds, and lone UTF-16 surrogates
// (not text at all: they cannot be stored as UTF-8). Request schemas build on these, never on a
// bare z.string(), so a new field is safe by construction.
import { z } from './zod';

export const SAFE_TEXT_MESSAGE = 'Ce texte contient des caractères non autorisés.';

// In a `u` regex a surrogate range matches only a surrogate that is not part of a pair.
const LONE_SURROGATE = '\\uD800-\\uDFFF';
// Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069); the marks LRM, RLM and
// ALM (U+200E, U+200F, U+061C) are harmless in names and kept out of this list.
const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
const UNSAFE_ONE_LINE = new RegExp(`[\\p{Cc}${BIDI_CONTROLS}${LONE_SURROGATE}]`, 'u');
// Controls other than line feed and carriage return.
const UNSAFE_MULTILINE = new RegExp(
  `[\\u0000-\\u0009\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}${LONE_SURROGATE}]`,
  'u',
);

/** True when `text` holds nothing `safeString` refuses (one line unless `multiline`). */
export function isSafeText(text: string, multiline = false): boolean {
  return !(multiline ? UNSAFE_MULTILINE : UNSAFE_ONE_LINE).test(text);
}

interface SafeStringOptions {
  /** The message when the value is missing or not a string. */
  error?: string;
}

/** A one-line text: no control character, no bidi override, no lone surrogate. */
export function safeString(options: SafeStringOptions = {}) {
  return z
    .string(options.error ? { error: options.error } : undefined)
    .refine((value) => isSafeText(value), { error: SAFE_TEXT_MESSAGE, abort: true });
}

/** A multi-line text (a message, a comment): the same rules, line breaks allowed. */
export function safeMultilineString(options: SafeStringOptions = {}) {
  return z
    .string(options.error ? { error: options.error } : undefined)
    .refine((value) => isSafeText(value, true), { error: SAFE_TEXT_MESSAGE, abort: true });
}
