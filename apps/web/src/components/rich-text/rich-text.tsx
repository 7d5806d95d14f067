// HTML rendered by the server from the content Markdown (FAQ answers, legal pages). It is safe
// to insert: markdown-it runs with raw HTML disabled on the server (services/content/markdown.ts), and
// the tests check that raw HTML comes out escaped. Links inside that point into the portal
// ('/documents/1', '/contact') go through the router instead of reloading the whole app.
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

export function RichText({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//')) return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void navigate(href);
  };
  return (
    // Only clicks on real links are re-routed; those links stay keyboard-operable (Enter = click).
    // The wrapper only catches the clicks that bubble from them: role="presentation" says it is
    // not itself something to operate (jsx-a11y's advice for such delegating containers).
    <div
      className={className}
      role="presentation"
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
