// The 24/7 assistance number (docs/product/claims.md), a `tel:` link shown on every page (footer)
// and on every step of a claim declaration.
import { CLAIM_MESSAGES, PHONE_NUMBERS, telHref } from '@espace/contract';
import './assistance-link.css';

export function AssistanceLink({ className = '' }: { className?: string }) {
  return (
    <p className={`assistance-link ${className}`.trim()}>
      <a href={telHref(PHONE_NUMBERS.assistance)}>{CLAIM_MESSAGES.assistance}</a>
    </p>
  );
}
