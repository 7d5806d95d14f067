// The French date field of every change form (docs/product/README.md /addDriver): typed as dd.mm.yyyy,
// dd/mm/yyyy or dd-mm-yyyy (placeholder 'jj.mm.aaaa') or picked in the calendar. The field keeps
// the text; the contract schema turns it into 'YYYY-MM-DD' and refuses impossible days.
// The calendar opens upward when less than 300 px of room is left below the input (docs/product/README.md).
import { isoToFrenchDate, parseDateInput, todayInParis } from '@espace/contract';
import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { Calendar } from './calendar';
import '../form/form-field.css';
import './date-field.css';

/** docs/product/README.md: room needed below the input for the calendar to open downward. */
export const CALENDAR_ROOM_PX = 300;

export interface DateFieldProps {
  label: string;
  name: string;
  value: string | undefined;
  onChange(value: string): void;
  onBlur(): void;
  ref?: Ref<HTMLInputElement>;
  error?: string | undefined;
  /** Earliest and latest days the calendar lets you pick, ISO. */
  min?: string | undefined;
  max?: string | undefined;
  autoComplete?: string;
}

export function DateField(props: DateFieldProps) {
  const { label, name, value = '', onChange, onBlur, ref, error, min, max } = props;
  const id = useId();
  const inputId = `${id}-input`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const calendarId = `${id}-calendar`;
  const input = useRef<HTMLInputElement | null>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const [placement, setPlacement] = useState<'top' | 'bottom' | null>(null);
  const open = placement !== null;

  const close = (returnFocus: boolean) => {
    setPlacement(null);
    if (returnFocus) toggle.current?.focus();
  };

  const openCalendar = () => {
    const bottom = input.current?.getBoundingClientRect().bottom ?? 0;
    setPlacement(window.innerHeight - bottom < CALENDAR_ROOM_PX ? 'top' : 'bottom');
  };

  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setPlacement(null);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const today = todayInParis();
  const selected = parseDateInput(value);
  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="form-field date-field" ref={root}>
      <label htmlFor={inputId}>{label}</label>
      <span id={hintId} className="form-field__hint">
        Format jj.mm.aaaa
      </span>
      <div className="date-field__control">
        <input
          id={inputId}
          ref={(element) => {
            input.current = element;
            if (typeof ref === 'function') ref(element);
            else if (ref) ref.current = element;
          }}
          name={name}
          type="text"
          inputMode="numeric"
          placeholder="jj.mm.aaaa"
          autoComplete={props.autoComplete ?? 'off'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        <button
          ref={toggle}
          type="button"
          className="date-field__toggle"
          aria-haspopup="dialog"
          aria-expanded={open}
          aria-controls={open ? calendarId : undefined}
          onClick={() => (open ? close(false) : openCalendar())}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
            <rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" />
            <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" fill="none" />
          </svg>
          <span className="visually-hidden">Choisir une date&nbsp;: {label}</span>
        </button>
        {placement && (
          <Calendar
            id={calendarId}
            label={label}
            initial={selected ?? today}
            selected={selected}
            today={today}
            min={min}
            max={max}
            placement={placement}
            onSelect={(day) => {
              onChange(isoToFrenchDate(day));
              close(true);
            }}
            onClose={() => close(true)}
          />
        )}
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
