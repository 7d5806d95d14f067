// The team (docs/backoffice.md « Comptes »), for supervisors: the staff accounts, and a form to
// create one; the temporary password is shown once, for the supervisor to hand over.
import { STAFF_ROLE_LABELS, STAFF_ROLES, staffCreateSchema } from '@espace/contract';
import { useState, type FormEvent } from 'react';
import { useStaffList } from '../../../api/get-staff';
import { Feedback, type FeedbackState } from '../../../components/feedback';
import { Field } from '../../../components/field';
import { LoadError, Loading } from '../../../components/loading';
import { ScrollRegion } from '../../../components/scroll-region';
import type { ApiError } from '../../../lib/api-client';
import { useCreateStaff } from '../api/create-staff';

export function Component() {
  const staff = useStaffList();
  const create = useCreateStaff();
  const [feedback, setFeedback] = useState<FeedbackState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
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
          text: `Compte créé pour ${displayName}. Mot de passe provisoire, affiché une seule fois\u00a0: ${temporaryPassword}`,
        });
      },
      onError: (error) =>
        setFeedback({
          kind: 'error',
          text: (error as ApiError).body?.error.message ?? 'La création a échoué.',
        }),
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
          <table className="table">
            <caption id="team-caption">Membres de l’équipe ({staff.data.length})</caption>
            <thead>
              <tr>
                <th scope="col">Nom</th>
                <th scope="col">E-mail</th>
                <th scope="col">Rôle</th>
              </tr>
            </thead>
            <tbody>
              {staff.data.map((member) => (
                <tr key={member.id}>
                  <th scope="row">{member.displayName}</th>
                  <td>{member.email}</td>
                  <td>{STAFF_ROLE_LABELS[member.role]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
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
