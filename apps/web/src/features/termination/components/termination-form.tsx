// The termination form (docs/product/termination.md /contractTermination): the contract (the
// caller's policies in force), read-only names and phone from the account, the email, the
// reason with the proof it needs, the date of the sale for reason 2 (decision 0043), the
// comment, the files. 'Résilier ce contrat' stays disabled until the contract schema accepts
// the form; it opens the confirmation, which shows the dates and sends. While
// sending, the form is busy under an announced overlay; a refusal shows the docs/product/termination.md message.
import {
  isSaleReason,
  parseDateInput,
  saleDateBounds,
  TERMINATION_MESSAGES,
  TERMINATION_REASON_LABELS,
  terminationEffect,
  terminationFormSchemaFor,
  terminationReasonByLabel,
  todayInParis,
  type Account,
  type Policy,
  type TerminationAcknowledgement,
  type TerminationForm as FormValues,
} from '@espace/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useActionLifecycle } from '../../../components/action/use-action-lifecycle';
import { type Attached } from '../../../components/files/attached-files';
import { FormDateField } from '../../../components/date-field/form-date-field';
import { SelectField, TextField } from '../../../components/form/form-field';
import { paths } from '../../../lib/paths';
import { useTerminateContract } from '../api/terminate-contract';
import { CommentField } from './comment-field';
import { ConfirmDialog } from './confirm-dialog';
import { toTerminationFile } from './read-file';
import { TerminationFiles } from './termination-files';
import { SubmitButton } from '../../../components/form/submit-button';

const contractLabel = (p: Policy) =>
  `${p.risks[0]!.manufacturer} ${p.risks[0]!.model} · ${p.risks[0]!.licensePlate} · n° ${p.policyNumber}`;

export function TerminationForm({
  policies,
  policy,
  account,
  onAcknowledged,
}: {
  /** The caller's policies in force (docs/product/termination.md: the contract must be one of them). */
  policies: Policy[];
  policy: Policy;
  account: Account;
  onAcknowledged(ack: TerminationAcknowledgement): void;
}) {
  const navigate = useNavigate();
  const [files, setFiles] = useState<Attached[]>([]);
  const [confirming, setConfirming] = useState(false);
  const schema = useMemo(() => terminationFormSchemaFor(policy.startDate), [policy.startDate]);
  const { register, handleSubmit, formState, control, setValue, getValues, trigger } =
    useForm<FormValues>({
      mode: 'onChange',
      resolver: zodResolver(schema),
      defaultValues: {
        policyNumber: policy.policyNumber,
        firstName: account.firstName,
        lastName: account.lastName,
        phone: account.phoneNumber,
        email: account.email,
        reason: '',
        comment: '',
        saleDate: '',
        files: [],
      },
    });
  const { errors, isValid } = formState;
  // The phone is read-only (from the account): say at once when it is missing (docs/product/termination.md), since
  // the customer cannot type it and the disabled button alone would not say why.
  useEffect(() => {
    if (!account.phoneNumber.trim()) void trigger('phone');
  }, [account.phoneNumber, trigger]);
  const [reasonLabel, comment, chosenNumber, saleDate] = useWatch({
    control,
    name: ['reason', 'comment', 'policyNumber', 'saleDate'],
  });
  const reason = terminationReasonByLabel(reasonLabel);
  const selling = reason !== undefined && isSaleReason(reason);
  const today = todayInParis();
  const saleBounds = saleDateBounds(policy.startDate, today);
  // What the server will answer, shown before the customer confirms (decision 0043); the field
  // holds the date as typed (jj.mm.aaaa), the rule takes it as ISO.
  const saleIso = parseDateInput(saleDate);
  const effect =
    reason && (!selling || saleIso)
      ? terminationEffect(reason.id, policy.startDate, today, (selling && saleIso) || undefined)
      : null;
  const terminate = useActionLifecycle(useTerminateContract(), {
    // docs/product/termination.md: the termination flow shows its own success view, not a banner.
    banners: {
      success: () => null,
      error: (error) =>
        error instanceof Error ? error.message : TERMINATION_MESSAGES.results.other,
    },
    onSuccess: (ack) => onAcknowledged(ack),
  });
  const sending = terminate.isPending;

  const changeFiles = (next: Attached[]) => {
    setFiles(next);
    setValue(
      'files',
      next.map((f) => f.file),
      { shouldValidate: true },
    );
  };

  const send = async () => {
    setConfirming(false);
    const values = getValues();
    let encoded;
    try {
      encoded = await Promise.all(files.map((f) => toTerminationFile(f.file)));
    } catch {
      // A file the browser can no longer read (moved, deleted) is a failure like a refusal.
      terminate.fail();
      return;
    }
    await terminate.run({
      policyNumber: values.policyNumber,
      request: {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        phone: values.phone,
        reason: values.reason,
        comment: values.comment,
        ...(selling ? { saleDate: values.saleDate } : {}),
        licensePlate: policy.risks[0]!.licensePlate,
        hasFile: encoded.length > 0,
        files: encoded,
      },
    });
  };

  return (
    <div className="termination-form__frame" aria-busy={sending}>
      <form
        className="change-form termination-form"
        noValidate
        onSubmit={handleSubmit(() => setConfirming(true))}
      >
        <SelectField
          label="Contrat"
          placeholder="-- Contrat --"
          options={policies.map((p) => ({ value: p.policyNumber, label: contractLabel(p) }))}
          error={errors.policyNumber?.message}
          disabled={sending}
          {...register('policyNumber', {
            onChange: (event: { target: { value: string } }) => {
              if (event.target.value)
                void navigate(paths.contractTermination(event.target.value), { replace: true });
            },
          })}
        />
        <TextField label="Nom" readOnly {...register('lastName')} />
        <TextField label="Prénom" readOnly {...register('firstName')} />
        <TextField
          label="Téléphone"
          type="tel"
          readOnly
          error={errors.phone?.message}
          {...register('phone')}
        />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          disabled={sending}
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField
          label="Motif de résiliation"
          placeholder={TERMINATION_MESSAGES.reasonPlaceholder}
          options={TERMINATION_REASON_LABELS}
          error={errors.reason?.message}
          disabled={sending}
          {...register('reason', { onChange: () => changeFiles([]) })}
        />
        {selling && (
          <FormDateField
            control={control}
            name="saleDate"
            label={TERMINATION_MESSAGES.saleDateLabel}
            min={saleBounds.min}
            max={saleBounds.max}
          />
        )}
        <CommentField
          length={comment.length}
          required={reason?.commentRequired ?? false}
          error={errors.comment?.message}
          disabled={sending}
          {...register('comment')}
        />
        <TerminationFiles
          reason={reason}
          files={files}
          onChange={changeFiles}
          error={reason && reason.maxFiles > 0 ? errors.files?.message : undefined}
          disabled={sending}
        />
        <SubmitButton pending={sending} disabled={!isValid}>
          {TERMINATION_MESSAGES.submit}
        </SubmitButton>
      </form>
      <div className={sending ? 'termination-overlay' : 'visually-hidden'} role="status">
        {sending && <p>Envoi de votre demande de résiliation…</p>}
      </div>
      <ConfirmDialog
        policy={policies.find((p) => p.policyNumber === chosenNumber) ?? policy}
        effect={effect}
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => void send()}
      />
    </div>
  );
}
