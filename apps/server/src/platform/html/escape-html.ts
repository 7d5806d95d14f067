// HTML escaping, the one home of it: the mails (platform/mail/branded-mail.ts) and, through
// http/html.ts, the server-drawn pages and the SPA's index.html. Escapes the five characters that
// can end a text or an attribute value (quoted with " or ').

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** `value` as text or as a quoted attribute value of an HTML page. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c]!);
}
