// SPEC §2 /account/accountDelete, §4 "Account deletion", §5, §8; ARCHITECTURE.md: deletion keeps
// contracts. What deletion erases and keeps is said plainly before the password, with the way to
// terminate a contract instead. 204 → the success banner, the session forgotten at once and the
// sign-out after ACCOUNT_DELETION_LOGOUT_DELAY_MS; a refusal → the error banner and the reason.
import {
  ACCOUNT_DELETION_LOGOUT_DELAY_MS,
  ACCOUNT_SECURITY_MESSAGES,
  accountDeletionSchema,
  type AccountDeletionRequest,
} from '@espace/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error';
import { forgetSession, signOut } from '../../../lib/auth';
import { paths } from '../../../lib/paths';
import { useDeleteAccount } from '../api/delete-account';
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

/** SPEC §4: the tokens are forgotten now; the provider's sign-out follows after the delay. */
async function signOutAfterDeletion() {
  const idToken = await forgetSession();
  window.setTimeout(() => void signOut(idToken), ACCOUNT_DELETION_LOGOUT_DELAY_MS);
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
      void signOutAfterDeletion();
    },
    onError: (error) => showServerFieldErrors(error, ['password'], setError),
  });

  if (deleted) return <p role="status">{t.loggingOut}</p>;
  return (
    <>
      <p>{t.lead}</p>
      <ul className="account-security__facts">
        <li>{t.erased}</li>
        <li>{t.kept}</li>
      </ul>
      <p>
        {t.terminateBefore} <Link to={paths.home}>{t.policiesLink}</Link> {t.terminateOr}{' '}
        <Link to={paths.contact}>{t.contactLink}</Link> {t.terminateAfter}
      </p>
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
        </div>
      </form>
    </>
  );
}
