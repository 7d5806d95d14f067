// Who handles a request (docs/console.md « Demandes »): to myself in one click, to an agent
// chosen in the list, or nobody.
import { useState, type FormEvent } from 'react';
import { useStaffList } from '../../../api/get-staff';
import { Field } from '../../../components/field';
import { useStaff } from '../../../lib/staff';

export function AssignForm({
  assignee,
  pending,
  onAssign,
}: {
  assignee: { id: string; displayName: string } | null;
  pending: boolean;
  onAssign: (staffId: string | null) => void;
}) {
  const me = useStaff();
  const staff = useStaffList().data ?? [];
  const [chosen, setChosen] = useState(assignee?.id ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) onAssign(chosen);
  };
  return (
    <section className="stack" aria-labelledby="assign-title">
      <h2 id="assign-title">Attribution</h2>
      <p>
        {assignee ? (
          <>
            Attribuée à <strong>{assignee.displayName}</strong>.
          </>
        ) : (
          'Cette demande n’est attribuée à personne.'
        )}
      </p>
      <div className="actions">
        {assignee?.id !== me.id && (
          <button
            type="button"
            className="button"
            disabled={pending}
            onClick={() => onAssign(me.id)}
          >
            M’attribuer la demande
          </button>
        )}
        {assignee && (
          <button
            type="button"
            className="button button--secondary"
            disabled={pending}
            onClick={() => onAssign(null)}
          >
            Retirer l’attribution
          </button>
        )}
      </div>
      <form className="inline-form" onSubmit={submit}>
        <Field label="Attribuer à">
          <select value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">Choisir un membre de l’équipe</option>
            {staff.map((member) => (
              <option key={member.id} value={member.id}>
                {member.displayName}
              </option>
            ))}
          </select>
        </Field>
        <button type="submit" className="button button--secondary" disabled={pending || !chosen}>
          Attribuer
        </button>
      </form>
    </section>
  );
}
