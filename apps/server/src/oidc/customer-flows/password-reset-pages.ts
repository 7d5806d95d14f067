// The forgotten-password pages of the embedded provider, in French and in the brand skin like
// the sign-in page (pages.ts): ask for the email, say the same thing whatever the email, choose
// the new password under the contract's rule, and the end. A first-access invitation uses the
// same form under its own title (`purpose`); the staff's password pages (staff-pages.ts) draw
// the same two fields (`newPasswordFields`). No script, no inline style.
import {
  FIRST_ACCESS_TEXTS,
  MESSAGES,
  PASSWORD_RESET_TEXTS as T,
  PASSWORD_RULE_TEXT,
  type NewPasswordPairErrors,
} from '@espace/contract';
import { escapeHtml } from '../../http/html';
import { renderCustomerPage } from '../provider/pages';

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
  return renderCustomerPage(
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
  return renderCustomerPage(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p role="status">${escapeHtml(message)}</p>
${backLink(loginHref)}`,
  );
}

export interface ResetPageOptions {
  action: string;
  token: string;
  errors?: NewPasswordPairErrors;
  /** What the link was mailed for: a forgotten password, or a first access. */
  purpose?: 'reset' | 'invitation';
}

/**
 * The two fields of a new password: the rule above the first (in its description), each
 * field's error under it (in its description too, the field marked invalid), the first field in
 * error focused. The customers' reset page and the staff's password pages draw them alike.
 */
export function newPasswordFields(errors: NewPasswordPairErrors = {}): string {
  const attributes = (id: 'newPassword' | 'confirmation', hint: boolean) => {
    const ids = [hint ? 'password-rule' : '', errors[id] ? `${id}-error` : ''].filter(Boolean);
    return `${ids.length ? ` aria-describedby="${ids.join(' ')}"` : ''}${errors[id] ? ' aria-invalid="true"' : ''}`;
  };
  const focusFirst = errors.newPassword || !errors.confirmation;
  return `<label for="newPassword">${escapeHtml(T.newPassword)}</label>
<p class="auth-hint" id="password-rule">${escapeHtml(PASSWORD_RULE_TEXT)}</p>
<input id="newPassword" name="newPassword" type="password" autocomplete="new-password" required${attributes('newPassword', true)}${focusFirst ? ' autofocus' : ''}>
${fieldError('newPassword', errors.newPassword)}
<label for="confirmation">${escapeHtml(T.confirmation)}</label>
<input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required${attributes('confirmation', false)}${focusFirst ? '' : ' autofocus'}>
${fieldError('confirmation', errors.confirmation)}`;
}

export function renderResetPage({ action, token, errors = {}, purpose }: ResetPageOptions) {
  const title = purpose === 'invitation' ? FIRST_ACCESS_TEXTS.setTitle : T.resetTitle;
  const lead = purpose === 'invitation' ? `\n<p>${escapeHtml(FIRST_ACCESS_TEXTS.setLead)}</p>` : '';
  return renderCustomerPage(
    title,
    `<h1>${escapeHtml(title)}</h1>${lead}
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="token" value="${escapeHtml(token)}">
${newPasswordFields(errors)}
<button type="submit">${escapeHtml(T.resetSubmit)}</button>
</form>`,
  );
}

export function renderInvalidLinkPage(forgotHref: string) {
  return renderCustomerPage(
    T.invalidLinkTitle,
    `<h1>${escapeHtml(T.invalidLinkTitle)}</h1>
<p role="alert">${escapeHtml(T.invalidLink)}</p>
<p><a class="button-link" href="${escapeHtml(forgotHref)}">${escapeHtml(T.askAgain)}</a></p>`,
  );
}

export function renderResetDonePage(purpose: 'reset' | 'invitation' = 'reset') {
  const [title, message] =
    purpose === 'invitation'
      ? [FIRST_ACCESS_TEXTS.doneTitle, FIRST_ACCESS_TEXTS.done]
      : [T.doneTitle, T.done];
  return renderCustomerPage(
    title,
    `<h1>${escapeHtml(title)}</h1>
<p role="status">${escapeHtml(message)}</p>
<p><a class="button-link" href="/">${escapeHtml(T.signIn)}</a></p>`,
  );
}
