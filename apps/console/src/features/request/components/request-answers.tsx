// What the customer sent, line by line, in full where the broker needs it to carry the change
// out (the server's ConsoleField lines): a new driver's licence, the vehicle. A new IBAN shows
// masked; « Afficher l’IBAN complet » asks the server for it, which writes the reveal to the
// journal, and the page says so.
import type { ConsoleRequestDetail } from '@espace/contract';
import { useRevealIban } from '../api/reveal-iban';

function Iban({ masked, reference }: { masked: string; reference: string }) {
  const reveal = useRevealIban(reference);
  if (reveal.data)
    return (
      <>
        <span className="iban">{reveal.data.iban}</span>
        <span className="muted iban__note">Affichage enregistré dans le journal.</span>
      </>
    );
  return (
    <>
      <span className="iban">{masked}</span>{' '}
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={reveal.isPending}
        onClick={() => reveal.mutate()}
      >
        Afficher l’IBAN complet
      </button>
      {reveal.isError && (
        <span role="alert" className="field__error">
          L’IBAN n’a pas pu être lu. Réessayez dans un instant.
        </span>
      )}
    </>
  );
}

export function RequestAnswers({
  answers,
  reference,
}: {
  answers: ConsoleRequestDetail['answers'];
  reference: string;
}) {
  return (
    <section aria-labelledby="answers-title">
      <h2 id="answers-title">Ce que le client a demandé</h2>
      {answers.length ? (
        <dl className="details">
          {answers.map((line) => (
            <div key={line.label}>
              <dt>{line.label}</dt>
              <dd>
                {line.reveal === 'iban' ? (
                  <Iban masked={line.value} reference={reference} />
                ) : (
                  line.value
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">Aucun détail.</p>
      )}
    </section>
  );
}
