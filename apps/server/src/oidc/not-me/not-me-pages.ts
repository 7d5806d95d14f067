// The pages of « Ce n’était pas moi » (not-me-routes.ts), in French and in the sign-in pages' skin
// (pages.ts): the confirmation, which says what will happen and lists the changes it undoes; the
// account secured, with the way to a new password; a link that no longer works. A customer's
// pages carry the assistance call, a staff member's do not. Ordinary forms, no script.
import { IDENTITY_CHANGE_TEXTS as T } from '@espace/contract';
import { escapeHtml as e } from '../../http/html';
import { PASSWORD_RESET_PATHS } from '../../http/provider-paths';
import type { PendingChange } from '../../services/identity/undo-changes';
import { parisDateTime } from '../../services/identity/identity-change-mail';
import { renderCustomerPage, renderPage } from '../provider/pages';

export type Population = 'customer' | 'staff';

const page = (population: Population, title: string, body: string) =>
  population === 'customer' ? renderCustomerPage(title, body) : renderPage(title, body);

export function renderConfirmPage(o: {
  population: Population;
  action: string;
  token: string;
  changes: PendingChange[];
}): string {
  const changes = o.changes
    .map(
      (c) => `<li>${e(T.pageChange(T.label(c.kind), parisDateTime(c.changedAt), c.device))}</li>`,
    )
    .join('\n');
  return page(
    o.population,
    T.pageTitle,
    `<h1>${e(T.pageTitle)}</h1>
<p>${e(T.pageIntro)}</p>
<ul>
<li>${e(T.pageSessions)}</li>
<li>${e(T.pageUndone)}
<ul>
${changes}
</ul>
</li>
<li>${e(T.pagePassword)}</li>
</ul>
<form method="post" action="${e(o.action)}">
<input type="hidden" name="token" value="${e(o.token)}">
<button type="submit">${e(T.submit)}</button>
</form>`,
  );
}

export function renderSecuredPage(o: {
  population: Population;
  passwordHref: string;
  mailed: boolean;
}): string {
  return page(
    o.population,
    T.doneTitle,
    `<h1>${e(T.doneTitle)}</h1>
<p role="status">${e(o.mailed ? T.done : T.doneWithoutMail)}</p>
<p><a class="button-link" href="${e(o.passwordHref)}">${e(T.choosePassword)}</a></p>`,
  );
}

export function renderInvalidPage(population: Population): string {
  const forgot =
    population === 'customer'
      ? `\n<p><a class="button-link" href="${e(PASSWORD_RESET_PATHS.forgot)}">${e(T.forgot)}</a></p>`
      : '';
  return page(
    population,
    T.invalidTitle,
    `<h1>${e(T.invalidTitle)}</h1>
<p role="alert">${e(population === 'customer' ? T.invalid : T.invalidStaff)}</p>${forgot}`,
  );
}
