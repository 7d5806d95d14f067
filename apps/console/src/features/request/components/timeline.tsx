// A request's history, oldest first: who did what (« Léa Martin a passé la demande en cours de
// traitement. », the member's e-mail on hover), the message the customer read and what each
// status carried.
import type { ConsoleTimelineEntry, StatusDetails } from '@espace/contract';
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

function Sentence({ entry }: { entry: ConsoleTimelineEntry }) {
  const { by, sentence } = entry;
  if (!by || !sentence.startsWith(by.displayName)) return <>{sentence}</>;
  return (
    <>
      <span className="timeline__who" title={by.email ?? undefined}>
        {by.displayName}
      </span>
      {sentence.slice(by.displayName.length)}
    </>
  );
}

export function Timeline({ entries }: { entries: ConsoleTimelineEntry[] }) {
  return (
    <section aria-labelledby="timeline-title">
      <h2 id="timeline-title">Historique</h2>
      <ol className="timeline" aria-labelledby="timeline-title">
        {entries.map((entry, index) => (
          <li key={`${entry.at}-${index}`}>
            <p>
              <strong>
                <Sentence entry={entry} />
              </strong>{' '}
              — <time dateTime={entry.at}>{formatReceivedAt(entry.at)}</time>
              {entry.statusLabel && (
                <span className="muted">{` (statut «\u00a0${entry.statusLabel}\u00a0»)`}</span>
              )}
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
