// An item's age against its kind's target delay (docs/console.md « Boîte de réception »): a
// colour and a word, so the state never rests on colour alone (RGAA 3.1).
import type { InboxAge } from '@espace/contract';
import { formatHours } from '../lib/format';

export const AGE_LABELS: Record<InboxAge, string> = {
  overdue: 'En retard',
  due_soon: 'Bientôt dû',
  on_time: 'Dans les temps',
};

export function AgeBadge({
  age,
  ageHours,
  targetHours,
}: {
  age: InboxAge;
  ageHours: number;
  targetHours: number;
}) {
  return (
    <span className={`age age--${age}`}>
      <span className="age__label">{AGE_LABELS[age]}</span>{' '}
      <span className="age__hours">
        {formatHours(ageHours)} / {formatHours(targetHours)}
      </span>
    </span>
  );
}
