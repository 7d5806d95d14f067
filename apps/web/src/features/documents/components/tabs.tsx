// Tabs (WAI-ARIA APG "tabs with automatic activation"): one tab stop, arrow keys move between
// tabs and open them, Home/End jump; a disabled tab (SPEC §2: the upload tab when every policy
// is terminated) stays visible with aria-disabled and is skipped.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  label: string;
  panel: ReactNode;
  disabled?: boolean;
  /** Extra text for screen readers beside a visual marker, e.g. the alert dot. */
  marker?: string;
}

export function Tabs({
  label,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  tabs: TabItem[];
  selected: number;
  onSelect(index: number): void;
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = tabs.flatMap((tab, index) => (tab.disabled ? [] : [index]));

  const move = (event: KeyboardEvent, current: number) => {
    const at = enabled.indexOf(current);
    const target = {
      ArrowRight: enabled[(at + 1) % enabled.length],
      ArrowLeft: enabled[(at - 1 + enabled.length) % enabled.length],
      Home: enabled[0],
      End: enabled[enabled.length - 1],
    }[event.key];
    if (target === undefined) return;
    event.preventDefault();
    onSelect(target);
    refs.current[target]?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${index}`}
            className="tabs__tab"
            aria-selected={index === selected}
            aria-controls={`${id}-panel-${index}`}
            aria-disabled={tab.disabled || undefined}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => !tab.disabled && onSelect(index)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
            {tab.marker && (
              <span className="dot-marker" data-testid="tab-dot">
                <span className="visually-hidden"> ({tab.marker})</span>
              </span>
            )}
          </button>
        ))}
      </div>
      {tabs.map((tab, index) => (
        <div
          key={tab.label}
          role="tabpanel"
          id={`${id}-panel-${index}`}
          aria-labelledby={`${id}-tab-${index}`}
          hidden={index !== selected}
          tabIndex={0}
          className="tabs__panel"
        >
          {index === selected && tab.panel}
        </div>
      ))}
    </div>
  );
}
