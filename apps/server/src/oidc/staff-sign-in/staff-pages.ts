// The staff console's sign-in pages, served by the embedded provider's interaction
// (staff-interactions.ts, docs/console.md « Connexion »): the password form, the second
// factor's enrolment (QR code and the secret in text), the recovery codes shown once, the
// code form (with « Utiliser ma clé d’accès » for a member who added a passkey, its script the
// customers' passkey script: staff-passkey.ts), and the new password that replaces a temporary one (staff-new-password.ts) or that
// a mailed link sets (staff-link-routes.ts), its two fields the customers' reset page's.
// Ordinary forms that work without script, in French, in the sign-in pages' skin
// (pages.ts); the QR code is an inline SVG of presentation attributes only (the CSP allows no
// inline style).
import type { NewPasswordPairErrors } from '@espace/contract';
import { escapeHtml } from '../../http/html';
import { passkeySection } from '../provider/passkey-page';
import { renderPage } from '../provider/pages';
import { newPasswordFields } from '../customer-flows/password-reset-pages';

const NBSP = '\u00a0';

export const STAFF_TEXTS = {
  title: `Console du courtier — connexion`,
  email: 'Adresse e-mail professionnelle',
  password: 'Mot de passe',
  submit: 'Continuer',
  invalidCredentials: 'Adresse e-mail ou mot de passe incorrect.',
  missingFields: 'Saisissez votre adresse e-mail et votre mot de passe.',
  locked: `Trop de tentatives. Réessayez dans quelques minutes ou demandez de l’aide à un superviseur.`,
  enrolTitle: 'Activez la double authentification',
  enrolIntro: `Scannez ce QR${NBSP}code avec votre application d’authentification (Google Authenticator, Microsoft Authenticator, FreeOTP…), puis saisissez le code à 6${NBSP}chiffres qu’elle affiche.`,
  manualEntry: `Impossible de scanner${NBSP}? Saisissez cette clé dans l’application${NBSP}:`,
  qrLabel: `QR${NBSP}code à scanner avec votre application d’authentification`,
  enrolCode: 'Code à 6 chiffres',
  enrolSubmit: 'Activer',
  codesTitle: 'Vos codes de secours',
  codesIntro: `Chaque code permet une connexion si vous n’avez plus votre téléphone, une seule fois. Notez-les maintenant et gardez-les en lieu sûr${NBSP}: ils ne seront plus jamais affichés.`,
  codesContinue: 'J’ai noté mes codes, continuer',
  codeTitle: 'Double authentification',
  codeIntro: `Saisissez le code à 6${NBSP}chiffres de votre application d’authentification, ou l’un de vos codes de secours.`,
  codeLabel: 'Code de vérification',
  codeSubmit: 'Se connecter',
  wrongCode: 'Code incorrect ou déjà utilisé.',
  usePasskey: 'Utiliser ma clé d’accès',
  tooManyCodes: `Trop de codes incorrects. Recommencez la connexion dans quelques minutes.`,
  newPasswordTitle: 'Choisissez votre mot de passe',
  newPasswordIntro: `Votre mot de passe actuel est provisoire${NBSP}: il vous a été transmis, quelqu’un d’autre l’a donc lu. Choisissez le vôtre, que vous seul connaîtrez. Le mot de passe provisoire ne fonctionnera plus.`,
  newPasswordSubmit: 'Enregistrer et ouvrir la console',
} as const;

const T = STAFF_TEXTS;

function alertOf(error: string | undefined): { alert: string; describedBy: string } {
  return error
    ? {
        alert: `<p class="auth-error" role="alert" id="staff-error">${escapeHtml(error)}</p>`,
        describedBy: ' aria-describedby="staff-error"',
      }
    : { alert: '', describedBy: '' };
}

export function renderStaffPasswordPage(o: {
  action: string;
  email?: string;
  error?: string;
}): string {
  const { alert, describedBy } = alertOf(o.error);
  return renderPage(
    T.title,
    `<h1>${escapeHtml(T.title)}</h1>
${alert}
<form method="post" action="${escapeHtml(o.action)}" novalidate>
<label for="email">${escapeHtml(T.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(o.email ?? '')}"${describedBy}${o.error ? '' : ' autofocus'}>
<label for="password">${escapeHtml(T.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${o.error ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(T.submit)}</button>
</form>`,
  );
}

const codeField = (label: string, describedBy: string, pattern = '') =>
  `<label for="code">${escapeHtml(label)}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required autofocus${pattern}${describedBy}>`;

export function renderEnrolPage(o: {
  action: string;
  qrSvg: string;
  secret: string;
  error?: string;
}): string {
  const { alert, describedBy } = alertOf(o.error);
  const grouped = o.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return renderPage(
    T.enrolTitle,
    `<h1>${escapeHtml(T.enrolTitle)}</h1>
${alert}
<p>${escapeHtml(T.enrolIntro)}</p>
<div class="auth-qr" role="img" aria-label="${escapeHtml(T.qrLabel)}">${o.qrSvg}</div>
<p>${escapeHtml(T.manualEntry)} <code data-totp-secret="${escapeHtml(o.secret)}">${escapeHtml(grouped)}</code></p>
<form method="post" action="${escapeHtml(o.action)}" novalidate>
${codeField(T.enrolCode, describedBy, ' pattern="[0-9]{6}" maxlength="6"')}
<button type="submit">${escapeHtml(T.enrolSubmit)}</button>
</form>`,
  );
}

export function renderRecoveryCodesPage(o: { codes: string[]; continueHref: string }): string {
  return renderPage(
    T.codesTitle,
    `<h1>${escapeHtml(T.codesTitle)}</h1>
<p role="status">${escapeHtml(T.codesIntro)}</p>
<ul class="auth-recovery-codes">
${o.codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join('\n')}
</ul>
<p><a class="button-link" href="${escapeHtml(o.continueHref)}">${escapeHtml(T.codesContinue)}</a></p>`,
  );
}

export function renderCodePage(o: {
  action: string;
  error?: string;
  /** The staff step's path when the member has a passkey: offered instead of a code. */
  passkeyBase?: string | undefined;
}): string {
  const { alert, describedBy } = alertOf(o.error);
  return renderPage(
    T.codeTitle,
    `<h1>${escapeHtml(T.codeTitle)}</h1>
${alert}
<p>${escapeHtml(T.codeIntro)}</p>
<form method="post" action="${escapeHtml(o.action)}" novalidate>
${codeField(T.codeLabel, describedBy, ' maxlength="20"')}
<button type="submit">${escapeHtml(T.codeSubmit)}</button>
</form>
${o.passkeyBase ? passkeySection(o.passkeyBase, { button: T.usePasskey, autofill: false }) : ''}`,
  );
}

export function renderNewPasswordPage(o: {
  action: string;
  email: string;
  errors?: NewPasswordPairErrors;
  /** The mailed link's page (staff-link-routes.ts): its token, title, lead and button. */
  link?: { token: string; title: string; intro: string; submit: string };
}): string {
  const title = o.link?.title ?? T.newPasswordTitle;
  const token = o.link
    ? `\n<input type="hidden" name="token" value="${escapeHtml(o.link.token)}">`
    : '';
  return renderPage(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(o.link?.intro ?? T.newPasswordIntro)}</p>
<form method="post" action="${escapeHtml(o.action)}" novalidate>${token}
<input type="email" name="username" autocomplete="username" value="${escapeHtml(o.email)}" hidden readonly>
${newPasswordFields(o.errors)}
<button type="submit">${escapeHtml(o.link?.submit ?? T.newPasswordSubmit)}</button>
</form>`,
  );
}
