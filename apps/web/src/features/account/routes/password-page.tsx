// docs/product/account.md /account/password: old, new and confirmation, each required;
// new and confirmation must match (both say so, nothing is sent); the CNIL rule (contract) stated
// above the new password; show/hide toggles. 204 → the success banner and an empty form; a
// refusal → the error banner and the server's reason under its field.
import {
  ACCOUNT_SECURITY_MESSAGES,
  passwordChangeFormSchema,
  PASSWORD_RULE_TEXT,
  type PasswordChangeForm,
} from '@espace/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error';
import { useSession } from '../../../lib/session';
import { useChangePassword } from '../api/change-password';
import {
  ExternalProviderNotice,
  usesExternalProvider,
} from '../components/external-provider-notice';
import { PasswordField } from '../components/password-field';
import { SECURITY_TEXTS } from '../security-texts';
import { showServerFieldErrors } from '../../../components/form/server-field-errors';
import '../account-security.css';
import { SubmitButton } from '../../../components/form/submit-button';

const t = SECURITY_TEXTS.password;

export function Component() {
  return (
    <section className="card account-security" aria-labelledby="password-title">
      <h2 id="password-title">{t.title}</h2>
      {usesExternalProvider() ? <ExternalProviderNotice /> : <PasswordForm />}
    </section>
  );
}

function PasswordForm() {
  const { email } = useSession();
  const schema = useMemo(() => passwordChangeFormSchema(email), [email]);
  const { register, handleSubmit, reset, setError, formState } = useForm<PasswordChangeForm>({
    shouldFocusError: false,
    resolver: zodResolver(schema),
    defaultValues: { oldPassword: '', newPassword: '', confirmation: '' },
  });
  const { errors, submitCount } = formState;
  const formRef = useFocusFirstError(submitCount);
  const change = useActionLifecycle(useChangePassword(), {
    banners: ACCOUNT_SECURITY_MESSAGES.banners.password,
    onSuccess: () => reset(),
    onError: (error) => showServerFieldErrors(error, ['oldPassword', 'newPassword'], setError),
  });

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={handleSubmit(({ oldPassword, newPassword }) =>
        change.run({ oldPassword, newPassword }),
      )}
    >
      <p>{t.lead}</p>
      <PasswordField
        label={t.oldPassword}
        autoComplete="current-password"
        error={errors.oldPassword?.message}
        {...register('oldPassword')}
      />
      <PasswordField
        label={t.newPassword}
        hint={PASSWORD_RULE_TEXT}
        autoComplete="new-password"
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <PasswordField
        label={t.confirmation}
        autoComplete="new-password"
        error={errors.confirmation?.message}
        {...register('confirmation')}
      />
      <div className="form-actions">
        <SubmitButton pending={change.isPending}>{t.submit}</SubmitButton>
      </div>
    </form>
  );
}
