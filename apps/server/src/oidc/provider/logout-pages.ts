// The page of a logout asked without our client's id_token_hint
// (docs/decisions/0050-logout-asks-unless-hinted.md): the customer confirms with a button.
import { renderCustomerPage } from './pages';

/** The logout asked without our client's id_token_hint: the customer confirms with a button. */
export function renderLogoutConfirmPage(formHtml: string): string {
  const form = formHtml.replace(
    '</form>',
    `<input type="hidden" name="logout" value="yes"/><button type="submit">Se déconnecter</button></form>`,
  );
  return renderCustomerPage(
    'Déconnexion',
    `<h1>Se déconnecter\u00a0?</h1>
<p>Voulez-vous vous déconnecter de votre Espace Assuré\u00a0?</p>
${form}
<p class="auth-links"><a href="/">Rester connecté(e)</a></p>`,
  );
}
