// Tabs (WAI-ARIA APG "tabs with automatic activation"): one tab stop (roving
// tabindex), the arrow keys move between tabs and select them, Home and End jump to the first
// and last. A disabled tab stays visible with aria-disabled and is skipped (docs/product/README.md: the upload
// tab when every policy is terminated). Each tab controls its own panel; only the selected
// panel is rendered, with the content given as children.
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem {
  /** The tab's accessible name and visible text; unique within the tab list. */
  label: string;
  disabled?: boolean;
  /** Extra text for screen readers beside a visual dot marker, e.g. 'documents à transmettre'. */
  marker?: string | undefined;
  /** Why a disabled tab cannot be chosen: shown under the tab list and linked to the tab. */
  disabledReason?: string | undefined;
}

export interface TabsProps {
  /** Names the tab list. */
  label: string;
  tabs: readonly TabItem[];
  /** Index of the selected tab. */
  selected: number;
  onSelect(index: number): void;
  /** 'underline' (page sections) or 'pills' (many short filters that wrap). */
  variant?: 'underline' | 'pills';
  /** The selected tab's panel. */
  children: ReactNode;
}

export function Tabs({
  label,
  tabs,
  selected,
  onSelect,
  variant = 'underline',
  children,
}: TabsProps) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const enabled = tabs.flatMap((tab, index) => (tab.disabled ? [] : [index]));
  const tabId = (index: number) => `${id}-tab-${index}`;
  const panelId = (index: number) => `${id}-panel-${index}`;

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
    <div className={`tabs tabs--${variant}`}>
      <div role="tablist" aria-label={label} className="tabs__list">
        {tabs.map((tab, index) => (
          <button
            key={tab.label}
            ref={(el) => {
              refs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={tabId(index)}
            className="tabs__tab"
            aria-selected={index === selected}
            aria-controls={panelId(index)}
            aria-disabled={tab.disabled || undefined}
            aria-describedby={
              tab.disabled && tab.disabledReason ? `${tabId(index)}-why` : undefined
            }
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
      {tabs.map(
        (tab, index) =>
          tab.disabled &&
          tab.disabledReason && (
            <p key={tab.label} id={`${tabId(index)}-why`} className="tabs__why">
              {tab.disabledReason}
            </p>
          ),
      )}
      {tabs.map((tab, index) => (
        <div
          key={tab.label}
          role="tabpanel"
          id={panelId(index)}
          aria-labelledby={tabId(index)}
          hidden={index !== selected}
          tabIndex={0}
          className="tabs__panel"
        >
          {index === selected && children}
        </div>
      ))}
    </div>
  );
}
