// A request's statuses, oldest first, with the message the customer read and what each carried.
import type { RequestTimelineEntry, StatusDetails } from '@espace/contract';
import { formatDate, formatMoney, formatReceivedAt } from '../../../lib/format';

function details(d: StatusDetails | null): string[] {
  if (!d) return [];
  return [
    ...(d.document
      ? [
          `Pièce demandée\u00a0: ${d.document.name}${d.document.dueOn ? `, avant le ${formatDate(d.document.dueOn)}` : ''}`,
        ]
      : []),
    ...(d.expertise
      ? [`Expertise le ${formatDate(d.expertise.date)} par ${d.expertise.expert}`]
      : []),
    ...(d.repair ? [`Garage\u00a0: ${d.repair.garage}`] : []),
    ...(d.settlement
      ? [
          `Montant versé\u00a0: ${formatMoney(d.settlement.amount)}, franchise\u00a0: ${formatMoney(d.settlement.franchise)}`,
        ]
      : []),
  ];
}

export function Timeline({ entries }: { entries: RequestTimelineEntry[] }) {
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">Historique</h2>
      <ol className="timeline" aria-labelledby="timeline-title">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <p>
              <strong>{entry.statusLabel}</strong> —{' '}
              <time dateTime={entry.at}>{formatReceivedAt(entry.at)}</time>
            </p>
            {entry.message && <p>Message au client&nbsp;: {entry.message}</p>}
            {details(entry.details).map((line) => (
              <p key={line}>{line}</p>
            ))}
          </li>
        ))}
      </ol>
    </section>
  );
}
