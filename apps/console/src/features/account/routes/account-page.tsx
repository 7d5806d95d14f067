// « Mon compte » (docs/console.md « Mon compte »), for every staff member, from the header:
// who they are as the server says (GET /me: name, e-mail, role) and « Changer mon mot de passe »:
// the current password, the new one under the rule stated above it and its confirmation, checked
// first by the contract's passwordChangeFormSchema (the CNIL rule, not the e-mail, not the
// current one, the two alike). The server checks the current one and ends the other sessions;
// its refusals show under their fields, the outcome in the page's one banner; the passkeys the
// ended sessions had added follow, to remove or keep (ended-sessions-passkeys.tsx,
// docs/decisions/0141). Then the member's passkeys (passkeys-section.tsx), their second factor
// instead of a code, and new recovery codes (recovery-codes-section.tsx).
import {
  PASSWORD_RULE_TEXT,
  passwordChangeFormSchema,
  SESSION_MESSAGES,
  STAFF_ROLE_LABELS,
  type Passkey,
} from '@espace/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Feedback, type FeedbackState } from '../../../components/feedback';
import { Field } from '../../../components/field';
import type { ApiError } from '../../../lib/api-client';
import { useStaff } from '../../../lib/staff';
import { useChangePassword } from '../api/change-password';
import { EndedSessionsPasskeys } from '../components/ended-sessions-passkeys';
import { PasskeysSection } from '../components/passkeys-section';
import { RecoveryCodesSection } from '../components/recovery-codes-section';
import { StepUpProvider } from '../components/step-up-dialog';

type Errors = Partial<Record<'oldPassword' | 'newPassword' | 'confirmation', string>>;

const ACCOUNT_TEXTS = {
  changed:
    'Votre mot de passe est changé. Vos autres sessions de la console sont fermées\u00a0: elles demanderont le nouveau.',
  refused: 'Votre mot de passe n’a pas été changé\u00a0: corrigez le champ signalé.',
  failed: 'Votre mot de passe n’a pas pu être changé. Réessayez dans un instant.',
} as const;

export function Component() {
  const staff = useStaff();
  const change = useChangePassword();
  const [errors, setErrors] = useState<Errors>({});
  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  /** The passkeys the sessions just ended had added, while listed. */
  const [added, setAdded] = useState<Passkey[] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = Object.fromEntries(new FormData(form));
    const parsed = passwordChangeFormSchema(staff.email).safeParse(values);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues)
        found[issue.path[0] as keyof Errors] ??= issue.message;
      setFeedback(null);
      return setErrors(found);
    }
    setErrors({});
    const { oldPassword, newPassword } = parsed.data;
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: ({ passkeysAdded }) => {
          form.reset();
          const count = passkeysAdded.length;
          const left = count ? ` ${SESSION_MESSAGES.addedPasskeys.left(count)}` : '';
          setFeedback({ kind: 'success', text: `${ACCOUNT_TEXTS.changed}${left}` });
          setAdded(count ? passkeysAdded : null);
        },
        onError: (error) => {
          const body = (error as ApiError).body?.error;
          if (body?.fields) setErrors(body.fields as Errors);
          setFeedback({
            kind: 'error',
            text: body?.fields ? ACCOUNT_TEXTS.refused : (body?.message ?? ACCOUNT_TEXTS.failed),
          });
        },
      },
    );
  };
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Mon compte
      </h1>
      <dl className="details details--summary">
        <div>
          <dt>Nom</dt>
          <dd>{staff.displayName}</dd>
        </div>
        <div>
          <dt>Adresse e-mail</dt>
          <dd>{staff.email}</dd>
        </div>
        <div>
          <dt>Rôle</dt>
          <dd>{STAFF_ROLE_LABELS[staff.role]}</dd>
        </div>
      </dl>
      <Feedback state={feedback} />
      <form
        className="card stack narrow"
        onSubmit={submit}
        noValidate
        aria-labelledby="password-title"
      >
        <h2 id="password-title">Changer mon mot de passe</h2>
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={staff.email}
          readOnly
          hidden
        />
        <Field label="Mot de passe actuel" error={errors.oldPassword}>
          <input name="oldPassword" type="password" autoComplete="current-password" />
        </Field>
        <Field label="Nouveau mot de passe" hint={PASSWORD_RULE_TEXT} error={errors.newPassword}>
          <input name="newPassword" type="password" autoComplete="new-password" />
        </Field>
        <Field label="Confirmer le nouveau mot de passe" error={errors.confirmation}>
          <input name="confirmation" type="password" autoComplete="new-password" />
        </Field>
        <div>
          <button type="submit" className="button" disabled={change.isPending}>
            {change.isPending ? 'Enregistrement…' : 'Changer mon mot de passe'}
          </button>
        </div>
      </form>
      {added ? (
        <EndedSessionsPasskeys
          passkeys={added}
          onRemoved={(ids) => setAdded((listed) => listed!.filter((p) => !ids.includes(p.id)))}
          onKeep={() => {
            setAdded(null);
            heading.current?.focus();
          }}
        />
      ) : null}
      <StepUpProvider>
        <PasskeysSection />
        <RecoveryCodesSection />
      </StepUpProvider>
    </>
  );
}
