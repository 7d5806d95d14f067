// Category tabs of /faq (docs/product/contact-and-faq.md): 'Toutes les catégories' first, then the categories of the
// content; the list of answers is the selected tab's panel (shared Tabs, WAI-ARIA tabs pattern).
import { FAQ_TEXTS, type FaqCategory } from '@espace/contract';
import type { ReactNode } from 'react';
import { Tabs } from '../../../components/tabs/tabs';

interface Props {
  categories: FaqCategory[];
  /** The selected category's slug; undefined for every category. */
  selected: string | undefined;
  onSelect(slug: string | undefined): void;
  children: ReactNode;
}

export function FaqTabs({ categories, selected, onSelect, children }: Props) {
  const tabs: { slug: string | undefined; title: string }[] = [
    { slug: undefined, title: FAQ_TEXTS.allCategories },
    ...categories,
  ];
  const current = Math.max(
    0,
    tabs.findIndex((t) => t.slug === selected),
  );
  return (
    <Tabs
      label="Catégories de questions"
      variant="pills"
      tabs={tabs.map((tab) => ({ label: tab.title }))}
      selected={current}
      onSelect={(index) => onSelect(tabs[index]!.slug)}
    >
      {children}
    </Tabs>
  );
}
