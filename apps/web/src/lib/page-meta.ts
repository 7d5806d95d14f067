// What the server wrote into the page's <meta> tags (plugins/index-page.ts): the runtime settings
// (config.ts), the signed-in account (auth.ts), the day the first screen was drawn on (today.tsx).
// Read when called, never at import: the server's renderer imports the modules that use it.

/** The content of `<meta name="…">`, or undefined when the page has none or it is empty. */
export function pageMeta(name: string): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content || undefined;
}
