// The 24/7 assistance call on the customer's provider pages (docs/product/claims.md): someone who
// has just had an accident and lands on the sign-in, the forgotten password, « Première
// connexion » or a sign-out page reads the number at the top of the card and calls it in one tap.
// Its texts and `tel:` URI are the contract's (ASSISTANCE_CALL, from PHONE_NUMBERS.assistance),
// as in the portal's header; the staff console's pages do not show it.
import { ASSISTANCE_CALL } from '@espace/contract';
import { escapeHtml } from '../../http/html';

export function assistanceCallHtml(): string {
  const { href, label, lead, name, number } = ASSISTANCE_CALL;
  const link = `<a href="${escapeHtml(href)}" aria-label="${escapeHtml(label)}">${escapeHtml(name)} <span class="auth-assistance__number">${escapeHtml(number)}</span></a>`;
  return `<p class="auth-assistance"><span>${escapeHtml(lead)}</span> ${link}</p>`;
}
