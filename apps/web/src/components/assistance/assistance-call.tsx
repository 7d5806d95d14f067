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
        {/* A handset in the link's colour, drawn in the page: an SVG image (a CSS mask) costs
            the browser a document of its own to decode, on the first screen's main thread. */}
        <svg
          className="assistance-call__icon"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z" />
        </svg>
        {name} <span className="assistance-call__number">{number}</span>
      </a>
    </p>
  );
}
