// A complaint's deadline: its last day, and in a word as well as a colour whether it was met
// (RGAA 3.1), with the day it was done when it was.
import { formatDate, formatReceivedAt } from '../../../lib/format';

export function Deadline({
  lastDay,
  doneAt,
  late,
}: {
  lastDay: string;
  doneAt: string | null;
  late: boolean;
}) {
  const state = late ? 'overdue' : 'on_time';
  const word = late ? 'En retard' : doneAt ? 'Tenu' : 'Dans les temps';
  return (
    <span className={`age age--${state}`}>
      <span className="age__label">{word}</span>{' '}
      <span className="age__hours">au plus tard le {formatDate(lastDay)}</span>
      {doneAt && <span className="age__hours">fait le {formatReceivedAt(doneAt)}</span>}
    </span>
  );
}
