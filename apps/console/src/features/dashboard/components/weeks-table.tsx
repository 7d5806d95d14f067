// The chart's figures as a table (docs/console.md « Tableau de bord »): what a screen reader
// reads, and what anyone can copy.
import type { ConsoleDashboard } from '@espace/contract';
import { ScrollRegion } from '../../../components/scroll-region';

/** '2026-11-16' → '16.11' */
export const formatWeek = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}`;

export function WeeksTable({ weeks }: { weeks: ConsoleDashboard['weeks'] }) {
  return (
    <ScrollRegion labelledBy="weeks-caption">
      <table className="table">
        <caption id="weeks-caption">Les {weeks.length} dernières semaines, en chiffres</caption>
        <thead>
          <tr>
            <th scope="col">Semaine du</th>
            <th scope="col">Reçues</th>
            <th scope="col">Closes</th>
            <th scope="col">En retard (parmi les reçues)</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{formatWeek(week.weekStart)}</th>
              <td>{week.incoming.toLocaleString('fr-FR')}</td>
              <td>{week.closed.toLocaleString('fr-FR')}</td>
              <td>{week.late.toLocaleString('fr-FR')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
