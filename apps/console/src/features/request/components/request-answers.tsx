// What the customer asked, line by line in French, as the customer's own detail shows it (never
// the full IBAN nor the driving licence number: the server's answers).
import type { ConsoleRequestDetail } from '@espace/contract';

export function RequestAnswers({ answers }: { answers: ConsoleRequestDetail['answers'] }) {
  return (
    <section aria-labelledby="answers-title">
      <h2 id="answers-title">Ce que le client a demandé</h2>
      {answers.length ? (
        <dl className="details">
          {answers.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">Aucun détail.</p>
      )}
    </section>
  );
}
