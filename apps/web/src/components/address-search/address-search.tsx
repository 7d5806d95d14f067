// docs/product/addresses.md /changeAddress and a claim's place (docs/product/claims.md): the place search,
// labelled with what it finds (offline 'Recherche par code postal ou commune', the street too only with the
// national address service: docs/decisions/0044-address-truthfulness-and-complement.md), as the
// WAI-ARIA APG combobox with a listbox popup. Focus stays in the text box; the active suggestion
// is named by aria-activedescendant. ArrowDown/ArrowUp open the list and move through it, Enter
// picks, Escape closes (and clears the text when already closed). A polite live region says how
// many suggestions came. The search runs once typing settles (SEARCH_DEBOUNCE_MS), through
// GET /api/v1/address/search (docs/decisions/0017-offline-addresses.md), which the screen passes
// in (api/search-addresses.ts: shared UI imports no query).
import {
  ADDRESS_MESSAGES,
  type AddressSearchResponse,
  type AddressSuggestion,
} from '@espace/contract';
import { useId, useState, type KeyboardEvent } from 'react';
import { searchableQuery } from '../../lib/address-search-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import './address-search.css';

/** Typing pauses shorter than this start no search. */
export const SEARCH_DEBOUNCE_MS = 250;

const NO_SUGGESTIONS: readonly AddressSuggestion[] = [];

/** The part of a query's state the box reads (TanStack Query's result fits). */
export interface AddressSearchState {
  data?: AddressSearchResponse | undefined;
  isSuccess: boolean;
  isPlaceholderData: boolean;
}

const ADDRESS_SEARCH_TEXTS = {
  suggestionsLabel: 'Adresses proposées',
  suggestionsCount: (count: number) =>
    count > 1 ? `${count} adresses proposées` : '1 adresse proposée',
} as const;

export interface AddressSearchProps {
  onPick(suggestion: AddressSuggestion): void;
  /** Whether the search finds streets (decision 0044): the label says so. */
  streets: boolean;
  /** What to type and how to choose, under the label. */
  hint: string;
  /** The suggestions of a settled text (api/search-addresses.ts useAddressSearch). */
  useSuggestions(text: string): AddressSearchState;
}

export function AddressSearch({ onPick, streets, hint, useSuggestions }: AddressSearchProps) {
  const id = useId();
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  const settled = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  // The label of a picked place is not a new search.
  const query = settled === picked ? null : searchableQuery(settled);
  const search = useSuggestions(query ?? '');
  const suggestions = (query !== null && search.data?.suggestions) || NO_SUGGESTIONS;
  const expanded = open && suggestions.length > 0;

  // A new answer starts with no active suggestion (APG: the text box keeps focus).
  const [shown, setShown] = useState(suggestions);
  if (shown !== suggestions) {
    setShown(suggestions);
    setActive(-1);
  }

  const settledAnswer = query !== null && search.isSuccess && !search.isPlaceholderData;
  const status = !settledAnswer
    ? ''
    : suggestions.length === 0
      ? ADDRESS_MESSAGES.search.noResult
      : ADDRESS_SEARCH_TEXTS.suggestionsCount(suggestions.length);

  const pick = (suggestion: AddressSuggestion) => {
    setText(suggestion.label);
    setPicked(suggestion.label);
    setOpen(false);
    setActive(-1);
    onPick(suggestion);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = suggestions.length;
    switch (event.key) {
      case 'ArrowDown':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive(expanded ? (active + 1) % count : 0);
        return;
      case 'ArrowUp':
        if (count === 0) return;
        event.preventDefault();
        setOpen(true);
        setActive(expanded && active > 0 ? active - 1 : count - 1);
        return;
      case 'Enter': {
        const suggestion = expanded ? suggestions[active] : undefined;
        if (!suggestion) return;
        event.preventDefault();
        pick(suggestion);
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (expanded) setOpen(false);
        else setText('');
        setActive(-1);
        return;
    }
  };

  return (
    <div className="address-search">
      <label htmlFor={id}>
        {streets ? ADDRESS_MESSAGES.search.labelStreets : ADDRESS_MESSAGES.search.label}
      </label>
      <span id={`${id}-hint`} className="address-search__hint">
        {hint}
      </span>
      <div className="address-search__box">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-hint`}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPicked(null);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onClick={() => setOpen(true)}
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={ADDRESS_SEARCH_TEXTS.suggestionsLabel}
          className="address-search__list"
          hidden={!expanded}
        >
          {suggestions.map((suggestion, index) => (
            // The keys of the pattern go to the text box (aria-activedescendant): an option never
            // takes focus, so the pointer is all it handles.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={`${suggestion.label}-${index}`}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="address-search__option"
              // Keeps focus in the text box, as the pattern wants.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(suggestion)}
            >
              {suggestion.label}
            </li>
          ))}
        </ul>
      </div>
      <p
        role="status"
        className={
          status === ADDRESS_MESSAGES.search.noResult
            ? 'address-search__status'
            : 'address-search__status visually-hidden'
        }
      >
        {status}
      </p>
    </div>
  );
}
