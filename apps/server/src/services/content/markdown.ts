// Markdown of the editorial content, rendered once at load time. It enforces:
// raw HTML in the source is escaped, never passed through (`html: false`); bare URLs are not
// turned into links (`linkify: false`); markdown-it's own link check drops javascript:, vbscript:,
// file: and non-image data: URLs. The stored HTML is therefore safe to insert in the page.
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false });

export function renderMarkdown(source: string): string {
  return md.render(source);
}

/** The words a reader sees (for full-text indexing): no link targets, no Markdown marks. */
export function markdownText(source: string): string {
  const words: string[] = [];
  for (const token of md.parse(source, {})) {
    if (token.type !== 'inline') continue;
    for (const child of token.children ?? []) {
      if (child.type === 'text' || child.type === 'code_inline') words.push(child.content);
      else if (child.type === 'softbreak' || child.type === 'hardbreak') words.push(' ');
    }
    words.push('\n');
  }
  return words.join('').trim();
}

export interface MarkdownSection {
  title: string;
  body: string;
}

export interface MarkdownDocument {
  title: string;
  sections: MarkdownSection[];
}

/**
 * Splits a content file (content/README.md): `# Title` on the first heading line, then one
 * section per `## Heading` with the Markdown that follows it. Text before the first `##` is
 * ignored: the content rules do not allow it.
 */
export function splitSections(source: string, file: string): MarkdownDocument {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let title: string | undefined;
  const sections: MarkdownSection[] = [];
  let current: { title: string; lines: string[] } | undefined;
  let inFence = false;
  const close = () => {
    if (current) sections.push({ title: current.title, body: current.lines.join('\n').trim() });
  };
  for (const line of lines) {
    if (/^(```|~~~)/.test(line)) inFence = !inFence;
    const h1 = !inFence && /^# (.+)$/.exec(line);
    const h2 = !inFence && /^## (.+)$/.exec(line);
    if (h1 && title === undefined) title = h1[1]!.trim();
    else if (h2) {
      close();
      current = { title: h2[1]!.trim(), lines: [] };
    } else current?.lines.push(line);
  }
  close();
  if (!title) throw new Error(`${file}: the first heading must be "# Title"`);
  return { title, sections };
}
