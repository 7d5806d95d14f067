// The inboxes' search box and filters (docs/console.md « Boîte de réception », « Messages »): a
// form whose submission writes them into the URL and goes back to page 1, so a search is shared
// by its address and kept on reload; it starts from the URL, so the back button restores what was
// shown. Each control is labelled. The fields both inboxes have: the age against the target
// delay and the agent (me, nobody, or a staff member).
import { INBOX_AGES, type InboxAge } from '@espace/contract';
import type { FormEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { AGE_LABELS } from './age-badge';
import { Field } from './field';

export function FilterForm<Q extends { page: number }>({
  label,
  search,
  onChange,
  resetTo,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  search: { label: string; hint: string; value: string | undefined };
  onChange: (query: Partial<Q>) => void;
  /** The page without filters, for « Réinitialiser ». */
  resetTo: string;
  children: ReactNode;
}) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    onChange({ ...values, page: 1 } as Partial<Q>);
  };
  return (
    <form className="filters" aria-label={label} onSubmit={submit}>
      <div className="filters__search">
        <Field label={search.label} hint={search.hint}>
          <input name="q" type="search" defaultValue={search.value ?? ''} />
        </Field>
      </div>
      {children}
      <div className="filters__actions">
        <button type="submit" className="button">
          Rechercher et filtrer
        </button>
        <Link to={resetTo} className="button button--secondary">
          Réinitialiser
        </Link>
      </div>
    </form>
  );
}

export function AgeField({ value }: { value: InboxAge | undefined }) {
  return (
    <Field label="Délai">
      <select name="age" defaultValue={value ?? ''}>
        <option value="">Tous</option>
        {INBOX_AGES.map((age) => (
          <option key={age} value={age}>
            {AGE_LABELS[age]}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The agent filter's own values, besides a staff member's id. */
const AGENT_ME = 'me';
const AGENT_NONE = 'none';

export function AgentField({
  value,
  staff,
}: {
  value: string | undefined;
  /** The staff members to choose from (api/get-staff.ts). */
  staff: readonly { id: string; displayName: string }[];
}) {
  return (
    <Field label="Attribuée à">
      <select name="agent" defaultValue={value ?? ''}>
        <option value="">Tout le monde</option>
        <option value={AGENT_ME}>Moi</option>
        <option value={AGENT_NONE}>Non attribuées</option>
        {staff.map((member) => (
          <option key={member.id} value={member.id}>
            {member.displayName}
          </option>
        ))}
      </select>
    </Field>
  );
}
