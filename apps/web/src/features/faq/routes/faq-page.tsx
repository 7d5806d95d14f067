// /faq (docs/product/contact-and-faq.md): search box, category tabs, accordions 10 at a time with 'Afficher plus',
// 'pas de résultat' when nothing matches; the search analytics event fires once the customer
// has stopped typing for 3 s (docs/product/contact-and-faq.md).
import {
  FAQ_PAGE_SIZE,
  FAQ_QUERY_MAX,
  FAQ_SEARCH_ANALYTICS_DELAY_MS,
  FAQ_TEXTS,
  MESSAGES,
} from '@espace/contract';
import { useEffect, useRef, useState } from 'react';
import { Loading } from '../../../components/loading';
import { ANALYTICS_EVENTS, trackEvent } from '../../../lib/analytics/tracking';
import { useFaq } from '../api/get-faq';
import { FaqItem } from '../components/faq-item';
import { FaqTabs } from '../components/faq-tabs';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import '../faq.css';

/** Typing pauses shorter than this do not start a search. */
const SEARCH_DEBOUNCE_MS = 300;

export function Component() {
  const [typed, setTyped] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const q = useDebouncedValue(typed.trim(), SEARCH_DEBOUNCE_MS);
  const analyticsQuery = useDebouncedValue(typed.trim(), FAQ_SEARCH_ANALYTICS_DELAY_MS);
  const faq = useFaq({ category, q });
  const resultCount = faq.data?.total;

  // 'Afficher plus' counts per search and tab: a new one starts again from the first 10.
  const filterKey = `${category ?? ''}|${q}`;
  const [more, setMore] = useState({ key: filterKey, shown: FAQ_PAGE_SIZE });
  const shown = more.key === filterKey ? more.shown : FAQ_PAGE_SIZE;

  const lastTracked = useRef('');
  useEffect(() => {
    if (!analyticsQuery || analyticsQuery === lastTracked.current) return;
    lastTracked.current = analyticsQuery;
    trackEvent(ANALYTICS_EVENTS.faqSearch, { search_term: analyticsQuery.slice(0, 100) });
  }, [analyticsQuery]);

  const entries = faq.data?.entries ?? [];
  return (
    <section aria-labelledby="faq-title" className="faq">
      <h1 id="faq-title">{FAQ_TEXTS.title}</h1>
      <p className="faq__subtitle">{FAQ_TEXTS.subtitle}</p>
      <form role="search" className="faq__search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="faq-search">{FAQ_TEXTS.searchLabel}</label>
        <input
          id="faq-search"
          type="search"
          className="input"
          value={typed}
          maxLength={FAQ_QUERY_MAX}
          onChange={(e) => setTyped(e.target.value)}
        />
      </form>
      <FaqTabs categories={faq.data?.categories ?? []} selected={category} onSelect={setCategory}>
        <p className="visually-hidden" role="status">
          {resultCount === undefined ? '' : `${resultCount} question(s) trouvée(s)`}
        </p>
        {faq.isPending ? (
          <Loading />
        ) : faq.isError ? (
          <p role="alert">{MESSAGES.genericError}</p>
        ) : entries.length === 0 ? (
          <p className="faq__empty">{FAQ_TEXTS.noResult}</p>
        ) : (
          <ul className="faq__list">
            {entries.slice(0, shown).map((entry) => (
              <FaqItem key={entry.id} entry={entry} />
            ))}
          </ul>
        )}
        {entries.length > shown && (
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              // Focus the first added question, so keyboard users continue where they were.
              const first = entries[shown];
              setMore({ key: filterKey, shown: shown + FAQ_PAGE_SIZE });
              if (first)
                setTimeout(() => document.getElementById(`faq-question-${first.id}`)?.focus());
            }}
          >
            {FAQ_TEXTS.showMore}
          </button>
        )}
      </FaqTabs>
    </section>
  );
}
