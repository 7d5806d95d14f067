// The « Première connexion » pages of the embedded provider (docs/decisions/0075-first-access-
// invitation.md), in French and in the brand skin like the sign-in page (pages.ts): ask for the
// contract number, the birth date and the e-mail on file, then say the same thing whatever
// matched. The chosen skin reaches the mail through a hidden field the page's script fills
// (first-access-routes.ts); without script the default skin is used. No inline script or style.
import { FIRST_ACCESS_TEXTS as T, PASSWORD_RESET_TEXTS } from '@espace/contract';
import { escapeHtml } from '../../http/html';
import { renderCustomerPage } from '../provider/pages';

/** Where the script that copies the page's skin into the form is served (no inline script). */
export const FIRST_ACCESS_SCRIPT_PATH = '/interaction/first-access.js';
export const FIRST_ACCESS_SCRIPT = `(function () {
  var field = document.querySelector('input[name="brand"]');
  var brand = document.documentElement.getAttribute('data-brand');
  if (field && brand) field.value = brand;
})();
`;

export type FirstAccessField = 'policyNumber' | 'birthDate' | 'email';
export type FirstAccessErrors = Partial<Record<FirstAccessField, string>>;

export interface FirstAccessPageOptions {
  action: string;
  loginHref: string;
  values?: Partial<Record<FirstAccessField, string>>;
  errors?: FirstAccessErrors;
}

const backLink = (href: string) =>
  `<p><a href="${escapeHtml(href)}">${escapeHtml(PASSWORD_RESET_TEXTS.backToLogin)}</a></p>`;

const FIELDS: {
  name: FirstAccessField;
  label: string;
  hint?: string;
  attributes: string;
}[] = [
  {
    name: 'policyNumber',
    label: T.policyNumber,
    hint: T.policyNumberHint,
    attributes: 'type="text" autocomplete="off" spellcheck="false"',
  },
  {
    name: 'birthDate',
    label: T.birthDate,
    hint: T.birthDateHint,
    attributes: 'type="text" autocomplete="bday"',
  },
  { name: 'email', label: T.email, attributes: 'type="email" autocomplete="email"' },
];

export function renderFirstAccessPage({
  action,
  loginHref,
  values = {},
  errors = {},
}: FirstAccessPageOptions) {
  const firstInvalid = FIELDS.find((f) => errors[f.name])?.name ?? 'policyNumber';
  const fields = FIELDS.map(({ name, label, hint, attributes }) => {
    const error = errors[name];
    const described = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean);
    return `<label for="${name}">${escapeHtml(label)}</label>
${hint ? `<p class="auth-hint" id="${name}-hint">${escapeHtml(hint)}</p>\n` : ''}<input id="${name}" name="${name}" ${attributes} required value="${escapeHtml(values[name] ?? '')}"${described.length ? ` aria-describedby="${described.join(' ')}"` : ''}${error ? ' aria-invalid="true"' : ''}${name === firstInvalid ? ' autofocus' : ''}>
${error ? `<p class="auth-error" role="alert" id="${name}-error">${escapeHtml(error)}</p>\n` : ''}`;
  }).join('');
  return renderCustomerPage(
    T.title,
    `<h1>${escapeHtml(T.title)}</h1>
<p>${escapeHtml(T.lead)}</p>
<form method="post" action="${escapeHtml(action)}" novalidate>
<input type="hidden" name="brand" value="">
${fields}<button type="submit">${escapeHtml(T.submit)}</button>
</form>
${backLink(loginHref)}`,
  ).replace('</head>', `<script src="${FIRST_ACCESS_SCRIPT_PATH}" defer></script>\n</head>`);
}

export function renderFirstAccessAnswerPage(loginHref: string, refusal?: string) {
  const title = refusal ? T.title : T.sentTitle;
  const body = refusal
    ? `<p role="alert">${escapeHtml(refusal)}</p>`
    : `<p role="status">${escapeHtml(T.sent)}</p>
<p>${escapeHtml(T.alreadyActive)}</p>`;
  return renderCustomerPage(
    title,
    `<h1>${escapeHtml(title)}</h1>\n${body}\n${backLink(loginHref)}`,
  );
}
