// With an external identity provider (OIDC_ISSUER), the portal cannot change a password or close
// a sign-in identity it does not hold: the screen says so and sends the customer to that
// provider's account pages (OIDC_ACCOUNT_URL), or to customer service when none is configured.
import { ACCOUNT_SECURITY_MESSAGES } from '@espace/contract';
import { Link } from 'react-router';
import { appConfig } from '../../../lib/config';
import { paths } from '../../../lib/paths';
import { SECURITY_TEXTS } from '../security-texts';

export function ExternalProviderNotice() {
  const t = SECURITY_TEXTS.external;
  return (
    <>
      <p>{ACCOUNT_SECURITY_MESSAGES.externalProvider}</p>
      {appConfig.accountUrl ? (
        <p>
          <a className="button" href={appConfig.accountUrl} rel="noreferrer">
            {t.accountLink}
          </a>
        </p>
      ) : (
        <p>
          {t.noAccountUrl} <Link to={paths.contact}>{t.contactLink}</Link>.
        </p>
      )}
    </>
  );
}

export const usesExternalProvider = () => appConfig.identityProvider === 'external';
