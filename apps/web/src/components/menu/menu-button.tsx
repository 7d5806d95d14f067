// A menu button (WAI-ARIA APG "menu button") on the browser's own popover: the button opens its
// menu (`popovertarget`) as soon as the page is parsed, before the portal's script has taken the
// page over (the first screen is drawn by the server: docs/decisions/0114), and its links lead
// where they say. The browser closes the menu on Escape or a click outside and gives the focus
// back to the button. Once the script runs: opening puts the focus on the first item (ArrowDown
// on the button too, ArrowUp on the last), arrows move, Home/End jump, Tab leaves and closes it,
// choosing an item closes it. The items stay in the tab order of the open menu, so that before
// the script, too, the keyboard reaches them (Tab from the button). An action item (« Déconnexion »)
// is the script's: it is disabled until the script has taken the page over (lib/taken-over.ts).
import { useId, useRef, type KeyboardEvent, type ReactNode, type ToggleEvent } from 'react';
import { Link } from 'react-router';
import { useTakenOver } from '../../lib/taken-over';
import './menu.css';

export type MenuItem =
  | { kind: 'link'; label: string; to: string; state?: unknown; onSelect?: () => void }
  | { kind: 'action'; label: string; onSelect: () => void };

export interface MenuButtonProps {
  label: ReactNode;
  /** An accessible name when the label is not enough on its own (e.g. which policy). */
  ariaLabel?: string;
  items: MenuItem[];
  className?: string;
  align?: 'start' | 'end';
}

export function MenuButton({
  label,
  ariaLabel,
  items,
  className = '',
  align = 'start',
}: MenuButtonProps) {
  const id = useId();
  const takenOver = useTakenOver();
  const menuId = `${id}-menu`;
  const list = useRef<HTMLUListElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);
  /** The item the focus goes to when the menu opens (the first, unless ArrowUp opened it). */
  const openingOn = useRef(0);

  const focusItem = (index: number) =>
    itemRefs.current[(index + items.length) % items.length]?.focus();
  const isOpen = () => list.current?.matches(':popover-open') ?? false;
  const openAt = (index: number) => {
    openingOn.current = index;
    if (isOpen()) focusItem(index);
    else list.current?.showPopover();
  };
  const close = () => {
    if (isOpen()) list.current?.hidePopover();
  };

  const onToggle = (event: ToggleEvent<HTMLUListElement>) => {
    if (event.newState !== 'open') return;
    focusItem(openingOn.current);
    openingOn.current = 0;
  };
  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : items.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const current = itemRefs.current.findIndex((item) => item === document.activeElement);
    const moves: Record<string, number> = {
      ArrowDown: current + 1,
      ArrowUp: current - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]!);
    } else if (event.key === 'Tab') {
      close();
    }
  };

  return (
    <div className={`menu ${className}`}>
      <button
        type="button"
        className="button menu__button"
        id={`${id}-button`}
        popoverTarget={menuId}
        aria-haspopup="menu"
        aria-controls={menuId}
        aria-label={ariaLabel}
        onKeyDown={onButtonKey}
      >
        {label}
        <span className="menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <ul
        ref={list}
        className={`menu__list menu__list--${align}`}
        id={menuId}
        popover="auto"
        role="menu"
        aria-labelledby={`${id}-button`}
        onToggle={onToggle}
        onKeyDown={onMenuKey}
      >
        {items.map((item, index) => (
          <li key={item.label} role="none">
            {item.kind === 'link' ? (
              <Link
                ref={(el) => {
                  itemRefs.current[index] = el;
                }}
                role="menuitem"
                to={item.to}
                state={item.state}
                onClick={() => {
                  item.onSelect?.();
                  close();
                }}
              >
                {item.label}
              </Link>
            ) : (
              <button
                ref={(el) => {
                  itemRefs.current[index] = el;
                }}
                type="button"
                role="menuitem"
                disabled={!takenOver}
                onClick={() => {
                  close();
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
