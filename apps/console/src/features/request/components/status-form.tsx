// The status change (docs/console.md « Demandes »): only the statuses the contract allows
// next (nextStatuses), a message the customer reads with it, and what the chosen status must
// carry (the document asked for, the expertise, the garage, the settlement), validated by the
// contract's statusChangeSchema before it is sent and again by the server.
import {
  REQUEST_STATUS_LABELS,
  statusChangeSchema,
  type RequestStatus,
  type StatusChange,
} from '@espace/contract';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/field';

type Values = Record<string, string>;

/** '412,50' or '412.5' → 412.5; anything else is left for the schema to refuse. */
const euros = (text: string | undefined): unknown => {
  const normalised = (text ?? '').replace(/\s/g, '').replace(',', '.');
  return normalised === '' ? undefined : Number(normalised);
};

function changeOf(v: Values): unknown {
  const status = v.status as RequestStatus;
  return {
    status,
    ...(v.message?.trim() ? { message: v.message } : {}),
    ...(status === 'awaiting_documents'
      ? {
          document: {
            name: v.documentName ?? '',
            files: Number(v.documentFiles || 1),
            ...(v.documentDueOn ? { dueOn: v.documentDueOn } : {}),
          },
        }
      : {}),
    ...(status === 'expert_appointed'
      ? { expertise: { date: v.expertiseDate ?? '', expert: v.expert ?? '' } }
      : {}),
    ...(status === 'in_repair' ? { repair: { garage: v.garage ?? '' } } : {}),
    ...(status === 'settled'
      ? { settlement: { amount: euros(v.amount), franchise: euros(v.franchise) } }
      : {}),
  };
}

export function StatusForm({
  next,
  pending,
  onSubmit,
}: {
  next: readonly RequestStatus[];
  pending: boolean;
  onSubmit: (change: StatusChange) => void;
}) {
  const [values, setValues] = useState<Values>({ status: next[0] ?? '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: string) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = statusChangeSchema.safeParse(changeOf(values));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join('.') || 'status';
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    onSubmit(parsed.data);
  };
  const error = (...keys: string[]) => keys.map((k) => errors[k]).find(Boolean);
  const status = values.status;
  return (
    <form className="stack" onSubmit={submit} noValidate aria-labelledby="status-form-title">
      <h2 id="status-form-title">Changer le statut</h2>
      <Field label="Nouveau statut" error={error('status')}>
        <select value={status} onChange={set('status')}>
          {next.map((s) => (
            <option key={s} value={s}>
              {REQUEST_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        label="Message au client"
        hint={`Le client le lit avec le statut dans «\u00a0Mes demandes\u00a0» et dans l’e-mail. Obligatoire pour un refus.`}
        error={error('message')}
      >
        <textarea rows={4} value={values.message ?? ''} onChange={set('message')} />
      </Field>
      {status === 'awaiting_documents' && (
        <fieldset>
          <legend>Pièce demandée</legend>
          <Field label="Nom de la pièce" error={error('document', 'document.name')}>
            <input value={values.documentName ?? ''} onChange={set('documentName')} />
          </Field>
          <Field label="Nombre de fichiers attendus" error={error('document.files')}>
            <input
              type="number"
              min={1}
              max={5}
              value={values.documentFiles ?? '1'}
              onChange={set('documentFiles')}
            />
          </Field>
          <Field label="À envoyer avant le (facultatif)" error={error('document.dueOn')}>
            <input type="date" value={values.documentDueOn ?? ''} onChange={set('documentDueOn')} />
          </Field>
        </fieldset>
      )}
      {status === 'expert_appointed' && (
        <fieldset>
          <legend>Expertise</legend>
          <Field label="Date de l’expertise" error={error('expertise', 'expertise.date')}>
            <input type="date" value={values.expertiseDate ?? ''} onChange={set('expertiseDate')} />
          </Field>
          <Field label="Expert" error={error('expertise.expert')}>
            <input value={values.expert ?? ''} onChange={set('expert')} />
          </Field>
        </fieldset>
      )}
      {status === 'in_repair' && (
        <Field label="Garage" error={error('repair', 'repair.garage')}>
          <input value={values.garage ?? ''} onChange={set('garage')} />
        </Field>
      )}
      {status === 'settled' && (
        <fieldset>
          <legend>Indemnisation</legend>
          <Field label="Montant versé (€)" error={error('settlement', 'settlement.amount')}>
            <input inputMode="decimal" value={values.amount ?? ''} onChange={set('amount')} />
          </Field>
          <Field label="Franchise retenue (€)" error={error('settlement.franchise')}>
            <input inputMode="decimal" value={values.franchise ?? ''} onChange={set('franchise')} />
          </Field>
        </fieldset>
      )}
      <div>
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Envoi…' : 'Changer le statut'}
        </button>
      </div>
    </form>
  );
}
