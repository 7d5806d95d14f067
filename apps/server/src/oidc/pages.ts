// Server-rendered pages of the embedded provider (login, logout, errors), in French and in the
// brand skin. No inline script or style: the CSP forbids them (ARCHITECTURE.md decision 9);
// the brand stylesheet and the brand script come from the SPA build (apps/web/public/brand).
import { MESSAGES } from '@espace/contract';

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c]!);
}

export function renderPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} – Espace Assuré</title>
<script src="/brand/brand.js"></script>
<link rel="stylesheet" href="/brand/brands.css">
<link rel="stylesheet" href="/brand/auth.css">
<link rel="icon" href="/brand/favicon.svg" type="image/svg+xml">
</head>
<body>
<main class="auth-card">
<div class="brand-logo" role="img" aria-label="Espace Assuré"></div>
${body}
</main>
</body>
</html>`;
}

export interface LoginPageOptions {
  action: string;
  email?: string;
  error?: string;
}

export function renderLoginPage({ action, email = '', error }: LoginPageOptions): string {
  const t = MESSAGES.login;
  const alert = error
    ? `<p class="auth-error" role="alert" id="login-error">${escapeHtml(error)}</p>`
    : '';
  const describedBy = error ? ' aria-describedby="login-error"' : '';
  return renderPage(
    t.title,
    `<h1>${escapeHtml(t.title)}</h1>
${alert}
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">${escapeHtml(t.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${describedBy}${error ? '' : ' autofocus'}>
<label for="password">${escapeHtml(t.password)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${describedBy}${error ? ' autofocus' : ''}>
<button type="submit">${escapeHtml(t.submit)}</button>
</form>`,
  );
}

export function renderLogoutPage(formHtml: string): string {
  // oidc-provider gives the form (with its CSRF token); we only add the buttons.
  return renderPage(
    'Déconnexion',
    `<h1>Déconnexion</h1>
<p>Voulez-vous vous déconnecter de votre Espace Assuré ?</p>
${formHtml}
<div class="auth-actions">
<button type="submit" form="op.logoutForm" name="logout" value="yes">Se déconnecter</button>
<button type="submit" form="op.logoutForm" class="secondary">Rester connecté</button>
</div>`,
  );
}

export function renderLoggedOutPage(): string {
  return renderPage(
    'Déconnexion',
    `<h1>Vous êtes déconnecté</h1>
<p>À bientôt sur votre Espace Assuré.</p>
<p><a class="button-link" href="/">Se reconnecter</a></p>`,
  );
}

export function renderErrorPage(): string {
  return renderPage(
    MESSAGES.unavailablePage,
    `<h1>Connexion impossible</h1>
<p role="alert">${escapeHtml(MESSAGES.genericError)}. Votre lien de connexion a peut-être expiré.</p>
<p><a class="button-link" href="/">Retourner à l’Espace Assuré</a></p>`,
  );
}
