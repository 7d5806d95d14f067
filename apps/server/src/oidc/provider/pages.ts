// Server-rendered pages of the embedded provider (login, logout, errors), in French and in the
// brand skin. No inline script or style: the CSP forbids them (docs/decisions/0012-security-baseline.md);
// the brand stylesheet and the brand script come from the SPA build (apps/web/public/brand).
// The customer's pages (renderCustomerPage) carry the 24/7 assistance call (assistance-call.ts);
// the staff console's (staff-pages.ts) and the error page, which both share, do not.
import { FIRST_ACCESS_TEXTS, MESSAGES, PASSWORD_RESET_TEXTS } from '@espace/contract';
import { AUTH_STYLESHEET_PATH, escapeHtml, SIGN_IN_SCRIPT_PATH } from '../../http/html';
import { assistanceCallHtml } from './assistance-call';
import { passkeySection } from './passkey-page';

interface PageOptions {
  /** The 24/7 assistance call at the top of the card (assistance-call.ts): the customer's pages. */
  assistance?: boolean;
}

export function renderPage(title: string, body: string, { assistance }: PageOptions = {}): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Espace Assuré</title>
<script src="/brand/brand.js"></script>
<link rel="stylesheet" href="/brand/brands.css">
<link rel="stylesheet" href="${AUTH_STYLESHEET_PATH}">
<link rel="icon" href="/brand/favicon.svg" type="image/svg+xml">
</head>
<body>
<main class="auth-card">
<div class="brand-logo" role="img" aria-label="Espace Assuré"></div>
${assistance ? `${assistanceCallHtml()}\n` : ''}${body}
</main>
</body>
</html>`;
}

/** A page of the customer's sign-in, password or sign-out: with the assistance call. */
export const renderCustomerPage = (title: string, body: string) =>
  renderPage(title, body, { assistance: true });

/** What the sign-in form's script sends in `Accept`, and how the server knows to answer JSON. */
export const SIGN_IN_JSON = 'application/json';
/** What the sign-in form's script says on its button while the request is in flight. */
const SIGN_IN_BUSY_LABEL = 'Connexion…';

/**
 * The sign-in form's script, served at SIGN_IN_SCRIPT_PATH (no inline script). It sends the form with fetch
 * and asks for JSON (interactions.ts): on success it continues with `location.replace`, so the
 * sign-in page leaves no history entry and Back from the first screen does not come back to it
 *; a refusal is shown as the server-rendered page shows it (the same alert before
 * the form, described fields, focus on the password, which is emptied); an expired sign-in is
 * submitted the classic way, to get the server's page. Without script, the form posts as
 * before; the server counts the one request either way.
 */
export const SIGN_IN_SCRIPT = `(function () {
  var form = document.querySelector('form[data-sign-in]');
  if (!form || !window.fetch || !window.URLSearchParams || !window.FormData) return;
  var button = form.querySelector('button[type="submit"]');
  var label = button.textContent;
  var email = form.elements.namedItem('email');
  var password = form.elements.namedItem('password');
  var busy = false;
  // The portal's first-screen files, fetched at low priority once the customer starts filling
  // the form, or else just after the form's own request has left: fetched at once, they would
  // hold the browser's six connections to the host and the form would wait behind them.
  var prefetched = false;
  function prefetch() {
    if (prefetched) return;
    prefetched = true;
    (form.getAttribute('data-prefetch') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = href;
      document.head.appendChild(link);
    });
  }
  form.addEventListener('input', prefetch);
  function idle() {
    busy = false;
    button.disabled = false;
    button.textContent = label;
    button.removeAttribute('aria-busy');
  }
  function showError(message, link) {
    var previous = document.getElementById('login-error');
    if (previous) previous.parentNode.removeChild(previous);
    var alert = document.createElement('p');
    alert.className = 'auth-error';
    alert.setAttribute('role', 'alert');
    alert.id = 'login-error';
    alert.textContent = message;
    if (link && typeof link.href === 'string' && link.href.charAt(0) === '/') {
      var anchor = document.createElement('a');
      anchor.href = link.href;
      anchor.textContent = link.text;
      alert.appendChild(document.createTextNode(' '));
      alert.appendChild(anchor);
    }
    form.parentNode.insertBefore(alert, form);
    email.setAttribute('aria-describedby', 'login-error');
    password.setAttribute('aria-describedby', 'login-error');
    password.value = '';
    password.focus();
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (busy) return;
    busy = true;
    button.disabled = true;
    button.textContent = ${JSON.stringify(SIGN_IN_BUSY_LABEL)};
    button.setAttribute('aria-busy', 'true');
    var request = fetch(form.action, {
      method: 'POST',
      body: new URLSearchParams(new FormData(form)),
      credentials: 'same-origin',
      headers: { Accept: ${JSON.stringify(SIGN_IN_JSON)} },
    });
    prefetch();
    request
      .then(
        function (response) {
          return response.json().catch(function () {
            return {};
          });
        },
        function () {
          return {};
        },
      )
      .then(function (answer) {
        if (answer && typeof answer.location === 'string') {
          window.location.replace(answer.location);
          return;
        }
        if (answer && answer.expired) {
          form.submit();
          return;
        }
        idle();
        var error = answer && answer.error;
        showError(
          error && typeof error.message === 'string' ? error.message : ${JSON.stringify(`${MESSAGES.genericError}. Veuillez réessayer.`)},
          answer && answer.link,
        );
      });
  });
})();
`;

export interface LoginPageOptions {
  action: string;
  /** The forgotten-password page, which links back to this sign-in. */
  forgotHref: string;
  /** « Première connexion » (first-access-routes.ts), for a customer without a password yet. */
  firstAccessHref?: string;
  email?: string;
  error?: string;
  /** A way on shown in the alert (the reset link when the account is locked). */
  errorLink?: { href: string; text: string } | undefined;
  /**
   * The portal's first-screen files (http/spa-manifest.ts), which the page's script fetches at
   * low priority once the customer starts typing (or just after the form is sent), so the portal
   * opens from the cache after sign-in.
   */
  prefetch?: readonly string[];
  /** The interaction's path: « Se connecter avec une clé d’accès » (passkey-page.ts). */
  passkeyBase?: string;
}

export function renderLoginPage({
  action,
  forgotHref,
  firstAccessHref,
  email = '',
  error,
  errorLink,
  prefetch = [],
  passkeyBase,
}: LoginPageOptions): string {
  const t = MESSAGES.login;
  const link = errorLink
    ? ` <a href="${escapeHtml(errorLink.href)}">${escapeHtml(errorLink.text)}</a>`
    : '';
  const alert = error
    ? `<p class="auth-error" role="alert" id="login-error">${escapeHtml(error)}${link}</p>`
    : '';
  const describedBy = error ? ' aria-describedby="login-error"' : '';
  return renderCustomerPage(
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
${alert}
<form method="post" action="${escapeHtml(action)}" novalidate data-sign-in${prefetch.length ? ` data-prefetch="${escapeHtml(prefetch.join(' '))}"` : ''}>
<label for="email">${escapeHtml(t.email)}</label>
<input id="email" name="email" type="email" autocomplete="username${passkeyBase ? ' webauthn' : ''}" required value="${escapeHtml(email)}"${describedBy}${error ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${error ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(t.submit)}</button>
</form>
${passkeyBase ? passkeySection(passkeyBase) : ''}
<p class="auth-links"><a href="${escapeHtml(forgotHref)}">${escapeHtml(PASSWORD_RESET_TEXTS.forgotLink)}</a>${firstAccessHref ? ` <a href="${escapeHtml(firstAccessHref)}">${escapeHtml(FIRST_ACCESS_TEXTS.link)}</a>` : ''}</p>`,
  ).replace('</head>', `<script src="${SIGN_IN_SCRIPT_PATH}" defer></script>\n</head>`);
}

/** Where the script that submits a page's `data-auto-submit` form is served (no inline script). */
export const AUTO_SUBMIT_SCRIPT_PATH = '/interaction/auto-submit.js';
export const AUTO_SUBMIT_SCRIPT = `for (const form of document.querySelectorAll('form[data-auto-submit]')) form.submit();\n`;

export function renderSigningOutPage(formHtml: string): string {
  // oidc-provider gives the form with its CSRF token; `logout=yes` ends the whole session, and
  // the script submits it at once. Without script, one button does the same.
  const form = formHtml
    .replace('<form ', '<form data-auto-submit ')
    .replace(
      '</form>',
      `<input type="hidden" name="logout" value="yes"/><noscript><button type="submit">Se déconnecter</button></noscript></form>`,
    );
  return renderCustomerPage(
    'Déconnexion',
    `<h1>Déconnexion</h1>
<p role="status">Déconnexion en cours…</p>
${form}`,
  ).replace('</head>', `<script src="${AUTO_SUBMIT_SCRIPT_PATH}" defer></script>\n</head>`);
}

export function renderLoggedOutPage(): string {
  return renderCustomerPage(
    'Déconnexion',
    `<h1>Vous êtes déconnecté(e)</h1>
<p>À bientôt sur votre Espace Assuré.</p>
<p><a class="button-link" href="/">Se reconnecter</a></p>`,
  );
}

/** Why a sign-in cannot go on (an unknown or expired interaction). */
export const SIGN_IN_EXPIRED = `${MESSAGES.genericError}. Votre lien de connexion a peut-être expiré.`;

export function renderErrorPage(): string {
  return renderPage(
    MESSAGES.unavailablePage,
    `<h1>Connexion impossible</h1>
<p role="alert">${escapeHtml(SIGN_IN_EXPIRED)}</p>
<p><a class="button-link" href="/">Retourner à l’Espace Assuré</a></p>`,
  );
}
