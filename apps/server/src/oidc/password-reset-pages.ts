// The forgotten-password pages of the embedded provider, in French and in the brand skin like
// the sign-in page (pages.ts): ask for the email, say the same thing whatever the email, choose
// the new password under the contract's rule, and the end. No script, no inline style.
import { MESSAGES, PASSWORD_RESET_TEXTS as T, PASSWORD_RULE_TEXT } from '@espace/contract';
import { escapeHtml } from '../http/html';
import { renderPage } from './pages';

const backLink = (href: string) =>
  `<p><a href="${escapeHtml(href)}">${escapeHtml(T.backToLogin)}</a></p>`;

function fieldError(id: string, message: string | undefined) {
  return message
    ? `<p class="auth-error" role="alert" id="${id}-error">${escapeHtml(message)}</p>`
    : '';
}

export interface ForgotPageOptions {
  action: string;
  loginHref: string;
  email?: string;
  error?: string | undefined;
}

export function renderForgotPage({ action, loginHref, email = '', error }: ForgotPageOptions) {
  const describedBy = error ? ' aria-describedby="email-error"' : '';
  return renderPage(
    T.forgotTitle,
    `<h1>${escapeHtml(T.forgotTitle)}</h1>
<p>${escapeHtml(T.forgotLead)}</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
<label for="email">${escapeHtml(MESSAGES.login.email)}</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(email)}"${describedBy}${error ? ' aria-invalid="true"' : ''} autofocus>
${fieldError('email', error)}
<button type="submit">${escapeHtml(T.forgotSubmit)}</button>
</form>
${backLink(loginHref)}`,
  );
}

export function renderForgotAnswerPage(loginHref: string, message: string = T.sent) {
  const title = message === T.sent ? T.sentTitle : T.forgotTitle;
  return renderPage(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p role="status">${escapeHtml(message)}</p>
${backLink(loginHref)}`,
  );
}

export interface ResetPageOptions {
  action: string;
  token: string;
  errors?: { newPassword?: string | undefined; confirmation?: string | undefined };
}

export function renderResetPage({ action, token, errors = {} }: ResetPageOptions) {
  const attributes = (id: 'newPassword' | 'confirmation', hint: boolean) => {
    const ids = [hint ? 'password-rule' : '', errors[id] ? `${id}-error` : ''].filter(Boolean);
    return `${ids.length ? ` aria-describedby="${ids.join(' ')}"` : ''}${errors[id] ? ' aria-invalid="true"' : ''}`;
  };
  const focusFirst = errors.newPassword || !errors.confirmation;
  return renderPage(
    T.resetTitle,
    `<h1>${escapeHtml(T.resetTitle)}</h1>
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(token)}">
<label for="newPassword">${escapeHtml(T.newPassword)}</label>
<p class="auth-hint" id="password-rule">${escapeHtml(PASSWORD_RULE_TEXT)}</p>
<input id="newPassword" name="newPassword" type="password" autocomplete="new-password" required${attributes('newPassword', true)}${focusFirst ? ' autofocus' : ''}>
${fieldError('newPassword', errors.newPassword)}
<label for="confirmation">${escapeHtml(T.confirmation)}</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required${attributes('confirmation', false)}${focusFirst ? '' : ' autofocus'}>
${fieldError('confirmation', errors.confirmation)}
<button type="submit">${escapeHtml(T.resetSubmit)}</button>
</form>`,
  );
}

export function renderInvalidLinkPage(forgotHref: string) {
  return renderPage(
    T.invalidLinkTitle,
    `<h1>${escapeHtml(T.invalidLinkTitle)}</h1>
<p role="alert">${escapeHtml(T.invalidLink)}</p>
<p><a class="button-link" href="${escapeHtml(forgotHref)}">${escapeHtml(T.askAgain)}</a></p>`,
  );
}

export function renderResetDonePage() {
  return renderPage(
    T.doneTitle,
    `<h1>${escapeHtml(T.doneTitle)}</h1>
<p role="status">${escapeHtml(T.done)}</p>
<p><a class="button-link" href="/">${escapeHtml(T.signIn)}</a></p>`,
  );
}
