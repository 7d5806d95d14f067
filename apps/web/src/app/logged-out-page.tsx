// The end of a sign-out (docs/product/README.md logout, one click; docs/decisions/README.md (deviations)): a public page
// outside the signed-in shell, so it does not start the forced sign-in; a button signs in again.
// The 24/7 assistance call stays at hand, as on the sign-in page (docs/product/claims.md).
import { AssistanceCall } from '../components/assistance/assistance-call';
import { signIn } from '../lib/auth';
import { paths } from '../lib/paths';
import './logged-out-page.css';

export const LOGGED_OUT_TEXTS = {
  title: 'Vous êtes déconnecté(e)',
  lead: 'Vous avez bien quitté votre Espace Assuré. À bientôt\u00a0!',
  signInAgain: 'Se reconnecter',
} as const;

export function LoggedOutPage() {
  return (
    <main className="logged-out card">
      <span className="brand-logo logged-out__logo" aria-hidden="true" />
      <AssistanceCall className="logged-out__assistance" />
      <h1>{LOGGED_OUT_TEXTS.title}</h1>
      <p>{LOGGED_OUT_TEXTS.lead}</p>
      <button type="button" className="button" onClick={() => void signIn(paths.home)}>
        {LOGGED_OUT_TEXTS.signInAgain}
      </button>
    </main>
  );
}
