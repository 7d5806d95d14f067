// 'Mon compte' › « Sécurité » › « Double authentification » (docs/product/account.md,
// docs/decisions/0122-second-factors-for-customers-and-staff-passkeys.md): off, « Activer »
// shows the QR code (an SVG drawn by the server, shown as an image) and the secret in text, and
// a code of the app confirms it; the recovery codes are then shown once, until « J’ai noté mes
// codes ». On, it says since when and how many recovery codes are left, « Créer de nouveaux
// codes de secours » shows new ones once (after a fresh proof, docs/decisions/0140-…), and the
// password or a code turns it off. Outcomes in the page's banner; the server's refusal under its
// field.
import {
  formatReceivedAt,
  SECOND_FACTOR_MESSAGES,
  secondFactorConfirmationSchema,
  secondFactorRemovalSchema,
  type SecondFactorEnrolment,
} from '@espace/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import { TextField } from '../../../components/form/form-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useFocusFirstError } from '../../../components/form/use-focus-first-error';
import { Loading } from '../../../components/loading';
import {
  useConfirmSecondFactor,
  useRemoveSecondFactor,
  useRenewRecoveryCodes,
  useSecondFactor,
  useStartSecondFactor,
} from '../api/second-factor';
import { SECURITY_TEXTS } from '../security-texts';
import { PasswordField } from './password-field';

const t = SECURITY_TEXTS.secondFactor;
const { banners } = SECOND_FACTOR_MESSAGES;

export function SecondFactorSection() {
  const status = useSecondFactor();
  const [enrolment, setEnrolment] = useState<SecondFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const start = useActionLifecycle(useStartSecondFactor(), {
    banners: { success: () => null, error: banners.on.error },
    onSuccess: (data) => setEnrolment(data),
  });
  const renew = useActionLifecycle(useRenewRecoveryCodes(), {
    banners: banners.renew,
    onSuccess: (data) => setCodes(data.recoveryCodes),
  });
  return (
    <>
      <h3 id="second-factor-title">{t.title}</h3>
      <p>{t.lead}</p>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : status.isError ? (
        <p role="alert">{t.loadError}</p>
      ) : !status.data ? (
        <Loading />
      ) : status.data.enabled ? (
        <>
          <p>
            {status.data.enabledAt ? t.on(formatReceivedAt(status.data.enabledAt)) : null}{' '}
            {t.codesLeft(status.data.recoveryCodesLeft)}
          </p>
          <p id="renew-codes-hint">{t.renewHint}</p>
          <button
            type="button"
            className="button button--secondary"
            aria-describedby="renew-codes-hint"
            disabled={renew.isPending}
            onClick={() => void renew.run(undefined)}
          >
            {t.renew}
          </button>
          <RemoveForm />
        </>
      ) : enrolment ? (
        <ConfirmForm
          enrolment={enrolment}
          onCancel={() => setEnrolment(null)}
          onConfirmed={(recoveryCodes) => {
            setEnrolment(null);
            setCodes(recoveryCodes);
          }}
        />
      ) : (
        <>
          <p>{t.off}</p>
          <button
            type="button"
            className="button"
            disabled={start.isPending}
            onClick={() => void start.run(undefined)}
          >
            {t.start}
          </button>
        </>
      )}
    </>
  );
}

function ConfirmForm(props: {
  enrolment: SecondFactorEnrolment;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const { enrolment } = props;
  const { register, handleSubmit, setError, formState } = useForm<{ code: string }>({
    shouldFocusError: false,
    resolver: zodResolver(secondFactorConfirmationSchema),
    defaultValues: { code: '' },
  });
  const formRef = useFocusFirstError(formState.submitCount);
  const confirm = useActionLifecycle(useConfirmSecondFactor(), {
    banners: banners.on,
    form: { setError, fields: ['code'] },
    onSuccess: (data) => props.onConfirmed(data.recoveryCodes),
  });
  const grouped = enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ');
  return (
    <div className="second-factor">
      <p>{t.scan}</p>
      <img
        className="second-factor__qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt={t.qrLabel}
        width={200}
        height={200}
      />
      <p>
        {t.manualEntry}{' '}
        <code className="second-factor__secret" data-totp-secret={enrolment.secret}>
          {grouped}
        </code>
      </p>
      <form ref={formRef} noValidate onSubmit={handleSubmit((body) => confirm.run(body))}>
        <TextField
          label={t.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          error={formState.errors.code?.message}
          {...register('code')}
        />
        <div className="form-actions">
          <SubmitButton pending={confirm.isPending}>{t.confirm}</SubmitButton>
          <button type="button" className="button button--secondary" onClick={props.onCancel}>
            {t.cancel}
          </button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="second-factor">
      <h4 id="recovery-codes-title">{t.codesTitle}</h4>
      <p>{t.codesIntro}</p>
      <ul className="second-factor__codes" aria-labelledby="recovery-codes-title">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <button type="button" className="button" onClick={onDone}>
        {t.codesDone}
      </button>
    </div>
  );
}

function RemoveForm() {
  const { register, handleSubmit, setError, reset, formState } = useForm<{ proof: string }>({
    shouldFocusError: false,
    resolver: zodResolver(secondFactorRemovalSchema),
    defaultValues: { proof: '' },
  });
  const formRef = useFocusFirstError(formState.submitCount);
  const remove = useActionLifecycle(useRemoveSecondFactor(), {
    banners: banners.off,
    form: { setError, fields: ['proof'] },
    onSuccess: () => reset(),
  });
  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit((body) => remove.run(body))}>
      <PasswordField
        label={t.proof}
        hint={t.proofHint}
        autoComplete="current-password"
        error={formState.errors.proof?.message}
        {...register('proof')}
      />
      <div className="form-actions">
        <SubmitButton className="button button--danger" pending={remove.isPending}>
          {t.remove}
        </SubmitButton>
      </div>
    </form>
  );
}
