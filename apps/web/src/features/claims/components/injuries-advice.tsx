// Someone is hurt: what to do now and the assistance number, shown as soon as « Oui » is chosen.
import { CLAIM_MESSAGES, PHONE_NUMBERS, telHref } from '@espace/contract';

export function InjuriesAdvice() {
  return (
    <section className="claim-injuries" role="alert" aria-labelledby="claim-injuries-title">
      <h2 id="claim-injuries-title">{CLAIM_MESSAGES.injuries.title}</h2>
      <ul>
        {CLAIM_MESSAGES.injuries.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ul>
      <a className="button" href={telHref(PHONE_NUMBERS.assistance)}>
        Appeler l’assistance ({PHONE_NUMBERS.assistance})
      </a>
    </section>
  );
}
