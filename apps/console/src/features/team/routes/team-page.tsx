// The team (docs/console.md « Comptes »), for supervisors (an agent reads that it is theirs,
// app/supervisors-only.tsx): the staff accounts, disabled ones too, a member's account to
// disable or whose second factor (and password) to reset, each after a confirmation that says
// what it does (a reset mails the member a link the supervisor never sees), and a form to create
// one; the temporary password is shown once, for the supervisor to hand over; the member
// replaces it at the first sign-in.
// Each outcome is the page's one banner (a status, or an alert for a refusal).
import {
  STAFF_ROLE_LABELS,
  STAFF_ROLES,
  staffCreateSchema,
  type StaffListing,
} from '@espace/contract';
import { useState, type FormEvent } from 'react';
import { Feedback, type FeedbackState } from '../../../components/feedback';
import { Field } from '../../../components/field';
import { LoadError, Loading } from '../../../components/loading';
import { ScrollRegion } from '../../../components/scroll-region';
import type { ApiError } from '../../../lib/api-client';
import { useStaff } from '../../../lib/staff';
import { useCreateStaff } from '../api/create-staff';
import { useTeam } from '../api/get-team';
import { useDisableStaff, useResetSecondFactor } from '../api/staff-actions';
import { ConfirmDialog, type Confirmation } from '../components/confirm-dialog';
import { TeamTable } from '../components/team-table';

const failure = (error: unknown, fallback: string): FeedbackState => ({
  kind: 'error',
  text: (error as ApiError).body?.error.message ?? fallback,
});

export function Component() {
  const self = useStaff();
  const staff = useTeam();
  const create = useCreateStaff();
  const disable = useDisableStaff();
  const reset = useResetSecondFactor();
  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  const confirmed = ({ kind, member }: Confirmation) => {
    setConfirming(null);
    if (kind === 'disable') disableFor(member);
    else resetFor(member);
  };
  const disableFor = ({ id, displayName }: StaffListing) => {
    disable.mutate(id, {
      onSuccess: () =>
        setFeedback({
          kind: 'success',
          text: `Le compte de ${displayName} est désactivé\u00a0: ses sessions sont fermées.`,
        }),
      onError: (error) => setFeedback(failure(error, 'La désactivation a échoué.')),
    });
  };
  const resetFor = ({ id, displayName }: StaffListing) =>
    reset.mutate(id, {
      onSuccess: ({ email, delivery }) =>
        setFeedback({
          kind: 'success',
          text:
            delivery === 'mail'
              ? `Accès de ${displayName} réinitialisé et sessions fermées. Un lien pour choisir un nouveau mot de passe, puis activer la double authentification, a été envoyé à ${email}.`
              : `Accès de ${displayName} réinitialisé et sessions fermées. Le serveur n’envoie pas d’e-mails (démonstration)\u00a0: le lien est écrit dans son journal.`,
        }),
      onError: (error) => setFeedback(failure(error, 'La réinitialisation a échoué.')),
    });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = staffCreateSchema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
      return setErrors(found);
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: ({ displayName, temporaryPassword }) => {
        form.reset();
        setFeedback({
          kind: 'success',
          text: `Compte créé pour ${displayName}. Mot de passe provisoire, affiché une seule fois et à remplacer à la première connexion\u00a0: ${temporaryPassword}`,
        });
      },
      onError: (error) => setFeedback(failure(error, 'La création a échoué.')),
    });
  };
  return (
    <>
      <h1>Équipe</h1>
      <Feedback state={feedback} />
      {staff.isPending ? (
        <Loading />
      ) : staff.isError ? (
        <LoadError error={staff.error} />
      ) : (
        <ScrollRegion labelledBy="team-caption">
          <TeamTable
            members={staff.data}
            selfId={self.id}
            busy={disable.isPending || reset.isPending}
            onDisable={(member) => setConfirming({ kind: 'disable', member })}
            onReset={(member) => setConfirming({ kind: 'reset', member })}
          />
        </ScrollRegion>
      )}
      <ConfirmDialog
        pending={confirming}
        onConfirm={confirmed}
        onCancel={() => setConfirming(null)}
      />
      <form
        className="card stack narrow section"
        onSubmit={submit}
        noValidate
        aria-labelledby="create-title"
      >
        <h2 id="create-title">Créer un compte</h2>
        <Field label="Adresse e-mail" error={errors.email}>
          <input name="email" type="email" autoComplete="off" />
        </Field>
        <Field label="Nom affiché" error={errors.displayName}>
          <input name="displayName" autoComplete="off" />
        </Field>
        <Field label="Rôle" error={errors.role}>
          <select name="role" defaultValue="agent">
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
        <div>
          <button type="submit" className="button" disabled={create.isPending}>
            {create.isPending ? 'Création…' : 'Créer le compte'}
          </button>
        </div>
      </form>
    </>
  );
}
