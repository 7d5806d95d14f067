// /account/accountDelete (docs/product/account.md « Account deletion »;
// docs/decisions/0037-account-deletion-keeps-contracts.md, 0041-account-deletion-recap.md). Two
// steps: the page says deletion is final and opens a recap of what it does and what it leaves
// pending (components/deletion-recap.tsx), followed by the password and the button. 204 → the
// success banner, the session forgotten at once and, after ACCOUNT_DELETION_LOGOUT_DELAY_MS, the
// sign-out that ends on the public « Votre compte a été supprimé » page; a refusal → the error
// banner and the reason.
import {
  ACCOUNT_DELETION_LOGOUT_DELAY_MS,
  ACCOUNT_SECURITY_MESSAGES,
  accountDeletionSchema,
  type AccountDeletionRequest,
} from '@espace/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error';
import { signOut } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useDeleteAccount } from '../api/delete-account';
import { DeletionRecap } from '../components/deletion-recap';
import { DELETION_RECAP_TEXTS } from '../deletion-texts';
import {
  ExternalProviderNotice,
  usesExternalProvider,
} from '../components/external-provider-notice';
import { PasswordField } from '../components/password-field';
import { SECURITY_TEXTS } from '../security-texts';
import { showServerFieldErrors } from '../../../components/form/server-field-errors';
import '../account-security.css';
import { SubmitButton } from '../../../components/form/submit-button';

const t = SECURITY_TEXTS.accountDelete;

/** The deletion ended every session at the server; the sign-out page follows after the delay (0041). */
function signOutAfterDeletion() {
  window.setTimeout(() => void signOut(paths.accountDeleted), ACCOUNT_DELETION_LOGOUT_DELAY_MS);
}

export function Component() {
  return (
    <section className="card account-security" aria-labelledby="account-delete-title">
      <h2 id="account-delete-title">{t.title}</h2>
      {usesExternalProvider() ? <ExternalProviderNotice /> : <DeleteAccount />}
    </section>
  );
}

function DeleteAccount() {
  const [recap, setRecap] = useState(false);
  const start = useRef<HTMLButtonElement>(null);
  if (recap)
    return (
      <ConfirmDeletion
        onCancel={() => {
          setRecap(false);
          window.setTimeout(() => start.current?.focus());
        }}
      />
    );
  return (
    <>
      <p>{DELETION_RECAP_TEXTS.intro}</p>
      <div className="form-actions">
        <button ref={start} type="button" className="button" onClick={() => setRecap(true)}>
          {DELETION_RECAP_TEXTS.start}
        </button>
      </div>
    </>
  );
}

function ConfirmDeletion({ onCancel }: { onCancel: () => void }) {
  const [deleted, setDeleted] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<AccountDeletionRequest>({
    shouldFocusError: false,
    resolver: zodResolver(accountDeletionSchema),
    defaultValues: { password: '' },
  });
  const formRef = useFocusFirstError(formState.submitCount);
  const remove = useActionLifecycle(useDeleteAccount(), {
    banners: ACCOUNT_SECURITY_MESSAGES.banners.accountDeletion,
    onSuccess: () => {
      setDeleted(true);
      signOutAfterDeletion();
    },
    onError: (error) => showServerFieldErrors(error, ['password'], setError),
  });

  if (deleted) return <p role="status">{t.loggingOut}</p>;
  return (
    <>
      <DeletionRecap />
      <section className="deletion-recap__confirm" aria-labelledby="deletion-confirm-title">
        <h3 id="deletion-confirm-title">{DELETION_RECAP_TEXTS.confirmTitle}</h3>
        <form ref={formRef} noValidate onSubmit={handleSubmit((request) => remove.run(request))}>
          <PasswordField
            label={t.password}
            hint={t.passwordHint}
            autoComplete="current-password"
            error={formState.errors.password?.message}
            {...register('password')}
          />
          <div className="form-actions">
            <SubmitButton className="button button--danger" pending={remove.isPending}>
              {t.submit}
            </SubmitButton>
            <button type="button" className="button button--secondary" onClick={onCancel}>
              {DELETION_RECAP_TEXTS.cancel}
            </button>
          </div>
        </form>
      </section>
    </>
  );
}
