// A menu button (WAI-ARIA APG "menu button"): Enter, Space or ArrowDown open it on the first
// item, arrows move, Home/End jump, Escape closes and returns focus, a click outside closes.
import { useEffect, useId, useRef, useState, type ReactNode, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
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
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLElement | null)[]>([]);

  useEffect(() => {
    if (!open) return;
    itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const openAt = (index: number) => {
    setActive((index + items.length) % items.length);
    setOpen(true);
  };
  const close = (restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) button.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: active + 1,
      ArrowUp: active - 1,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive((moves[event.key]! + items.length) % items.length);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  return (
    <div className={`menu ${className}`} ref={root}>
      <button
        ref={button}
        type="button"
        className="button menu__button"
        id={`${id}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={ariaLabel}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        {label}
        <span className="menu__caret" aria-hidden="true">
          ▾
        </span>
      </button>
      <ul
        className={`menu__list menu__list--${align}`}
        id={`${id}-menu`}
        role="menu"
        aria-labelledby={`${id}-button`}
        hidden={!open}
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
                tabIndex={-1}
                to={item.to}
                state={item.state}
                onClick={() => {
                  item.onSelect?.();
                  setOpen(false);
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
                tabIndex={-1}
                onClick={() => {
                  setOpen(false);
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
