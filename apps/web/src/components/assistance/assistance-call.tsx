// The 24/7 assistance call where a customer lands (docs/product/claims.md): the header's first
// line on every signed-in page, reached without scrolling on a phone, the footer, and the page
// after a sign-out. The provider's pages show the same call (apps/server/src/oidc/provider/assistance-call.ts);
// its texts and `tel:` URI are the contract's, from PHONE_NUMBERS.assistance.
import { ASSISTANCE_CALL } from '@espace/contract';
import './assistance-call.css';

export function AssistanceCall({ className = '' }: { className?: string }) {
  const { href, label, lead, name, number } = ASSISTANCE_CALL;
  return (
    <p className={`assistance-call ${className}`.trim()}>
      <span className="assistance-call__lead">{lead}</span>{' '}
      <a href={href} aria-label={label}>
        {name} <span className="assistance-call__number">{number}</span>
      </a>
    </p>
  );
}
