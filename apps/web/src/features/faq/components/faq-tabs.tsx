// Category tabs of /faq (SPEC §2) with the WAI-ARIA tabs pattern: one tab stop, arrow keys,
// Home and End move between tabs and select them (automatic activation); the list of answers
// is the tab panel.
import { FAQ_TEXTS, type FaqCategory } from '@espace/contract';
import { useRef, type KeyboardEvent } from 'react';

export const FAQ_PANEL_ID = 'faq-panel';
export const faqTabId = (slug: string | undefined) => `faq-tab-${slug ?? 'all'}`;

interface Props {
  categories: FaqCategory[];
  selected: string | undefined;
  onSelect(slug: string | undefined): void;
}

export function FaqTabs({ categories, selected, onSelect }: Props) {
  const tabs: { slug: string | undefined; title: string }[] = [
    { slug: undefined, title: FAQ_TEXTS.allCategories },
    ...categories,
  ];
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.max(
    0,
    tabs.findIndex((t) => t.slug === selected),
  );
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = (target + tabs.length) % tabs.length;
    onSelect(tabs[next]!.slug);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label="Catégories de questions" className="faq-tabs">
      {tabs.map((tab, index) => {
        const active = index === current;
        return (
          <button
            key={tab.slug ?? 'all'}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={faqTabId(tab.slug)}
            aria-selected={active}
            aria-controls={FAQ_PANEL_ID}
            tabIndex={active ? 0 : -1}
            className="faq-tabs__tab"
            onClick={() => onSelect(tab.slug)}
            onKeyDown={onKeyDown}
          >
            {tab.title}
          </button>
        );
      })}
    </div>
  );
}
