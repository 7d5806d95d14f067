// The French calendar of the date field (docs/product/README.md /addDriver): a month grid, Monday first, in a
// non-modal dialog (WAI-ARIA APG "date picker dialog"). Keys: arrows move by a day or a week,
// PageUp/PageDown by a month (with Shift by a year), Home/End to the week's ends, Enter or Space
// picks, Escape closes and gives focus back to the button that opened it. Days outside
// [min, max] stay focusable, so the arrows never get stuck, but cannot be picked.
import { MAX_PERSON_AGE } from '@espace/contract';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  addDays,
  addMonths,
  clamp,
  dayLabel,
  firstOfMonth,
  isOutside,
  monthLabel,
  monthWeeks,
  weekdayIndex,
  WEEKDAYS,
} from './calendar-dates';

const MONTH_NAMES = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

export interface CalendarProps {
  id: string;
  label: string;
  /** The day shown first: the field's date, else today (clamped to min and max). */
  initial: string;
  selected: string | null;
  today: string;
  min?: string | undefined;
  max?: string | undefined;
  placement: 'top' | 'bottom';
  onSelect(day: string): void;
  onClose(): void;
}

export function Calendar(props: CalendarProps) {
  const { id, label, selected, today, min, max, placement, onSelect, onClose } = props;
  const [focused, setFocused] = useState(() => clamp(props.initial, min, max));
  const grid = useRef<HTMLTableElement>(null);
  // A month or year chosen in its list keeps focus on the list.
  const focusDay = useRef(true);

  useEffect(() => {
    // Focus follows the active day, from the moment the dialog opens.
    if (!focusDay.current) {
      focusDay.current = true;
      return;
    }
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  // A birth date decades ago is reached by choosing its year and month directly.
  const thisYear = Number(today.slice(0, 4));
  const firstYear = min ? Number(min.slice(0, 4)) : thisYear - MAX_PERSON_AGE;
  const lastYear = max ? Number(max.slice(0, 4)) : thisYear + 10;
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, i) => lastYear - i);
  const focusedYear = Number(focused.slice(0, 4));
  const focusedMonth = Number(focused.slice(5, 7));
  const jumpTo = (year: number, monthNumber: number) => {
    focusDay.current = false;
    setFocused(addMonths(focused, (year - focusedYear) * 12 + (monthNumber - focusedMonth)));
  };

  const move = setFocused;

  const onGridKey = (event: KeyboardEvent) => {
    const steps: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => addDays(focused, -weekdayIndex(focused)),
      End: () => addDays(focused, 6 - weekdayIndex(focused)),
      PageUp: () => addMonths(focused, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(focused, event.shiftKey ? 12 : 1),
    };
    const step = steps[event.key];
    if (step) {
      event.preventDefault();
      move(step());
    }
  };

  const onDialogKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    }
  };

  const pick = (day: string) => {
    if (!isOutside(day, min, max)) onSelect(day);
  };

  const month = firstOfMonth(focused);
  const titleId = `${id}-title`;
  return (
    // The dialog closes on Escape pressed on any of its controls, as the APG date picker dialog
    // does: the key bubbles up to it from the buttons, the only things that take focus in it.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      id={id}
      className="calendar"
      role="dialog"
      aria-modal="false"
      aria-label={`Choisir une date\u00a0: ${label}`}
      data-placement={placement}
      onKeyDown={onDialogKey}
    >
      <div className="calendar__header">
        <button
          type="button"
          className="calendar__nav"
          aria-label="Mois précédent"
          onClick={() => move(addMonths(focused, -1))}
        >
          ‹
        </button>
        <h2 id={titleId} className="visually-hidden" aria-live="polite">
          {monthLabel(month)}
        </h2>
        <div className="calendar__pickers">
          <select
            aria-label="Mois"
            className="calendar__select"
            value={focusedMonth}
            onChange={(event) => jumpTo(focusedYear, Number(event.target.value))}
          >
            {MONTH_NAMES.map((name, index) => (
              <option key={name} value={index + 1}>
                {name}
              </option>
            ))}
          </select>
          <select
            aria-label="Année"
            className="calendar__select"
            value={focusedYear}
            onChange={(event) => jumpTo(Number(event.target.value), focusedMonth)}
          >
            {years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="calendar__nav"
          aria-label="Mois suivant"
          onClick={() => move(addMonths(focused, 1))}
        >
          ›
        </button>
      </div>
      <table ref={grid} className="calendar__grid" role="grid" aria-labelledby={titleId}>
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.long} scope="col" abbr={weekday.long}>
                {weekday.short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const disabled = isOutside(day, min, max);
                const otherMonth = firstOfMonth(day) !== month;
                return (
                  <td key={day} aria-selected={day === selected}>
                    <button
                      type="button"
                      data-day={day}
                      className={[
                        'calendar__day',
                        otherMonth && 'calendar__day--other-month',
                        day === today && 'calendar__day--today',
                        day === selected && 'calendar__day--selected',
                      ]
                        .filter(Boolean)
                        .join(' ')}
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={dayLabel(day)}
                      aria-current={day === today ? 'date' : undefined}
                      aria-disabled={disabled || undefined}
                      onClick={() => pick(day)}
                      onKeyDown={onGridKey}
                    >
                      {Number(day.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="calendar__help">
        Flèches&nbsp;: jour ou semaine · Page préc./suiv.&nbsp;: mois · Échap&nbsp;: fermer
      </p>
    </div>
  );
}
