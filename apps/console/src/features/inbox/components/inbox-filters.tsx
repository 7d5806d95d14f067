// The inbox's search box and filters and sort (kind, status, open or all, age, contract, agent),
// a form whose submission writes them into the URL and goes back to page 1: a search is shared by
// its address and kept on reload. Each control is labelled; the form starts from the URL, so the
// back button restores what was shown.
import {
  INBOX_AGES,
  INBOX_SORTS,
  REQUEST_KIND_LABELS,
  REQUEST_KINDS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  type InboxQuery,
} from '@espace/contract';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useStaffList } from '../../../api/get-staff';
import { AGE_LABELS } from '../../../components/age-badge';
import { Field } from '../../../components/field';
import { paths } from '../../../lib/paths';
import { AGENT_ME, AGENT_NONE, SEARCH_HINT, SORT_LABELS, STATE_LABELS } from '../labels';

export function InboxFilters({
  query,
  onChange,
}: {
  query: InboxQuery;
  onChange: (query: Partial<InboxQuery>) => void;
}) {
  const staff = useStaffList().data ?? [];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    onChange({ ...values, page: 1 } as Partial<InboxQuery>);
  };
  return (
    <form className="filters" aria-label="Filtrer les demandes" onSubmit={submit}>
      <div className="filters__search">
        <Field label="Rechercher une demande" hint={SEARCH_HINT}>
          <input name="q" type="search" defaultValue={query.q ?? ''} />
        </Field>
      </div>
      <Field label="Genre">
        <select name="kind" defaultValue={query.kind ?? ''}>
          <option value="">Tous</option>
          {REQUEST_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {REQUEST_KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Statut">
        <select name="status" defaultValue={query.status ?? ''}>
          <option value="">Tous</option>
          {REQUEST_STATUSES.map((status) => (
            <option key={status} value={status}>
              {REQUEST_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="État">
        <select name="state" defaultValue={query.state}>
          {(['open', 'all'] as const).map((state) => (
            <option key={state} value={state}>
              {STATE_LABELS[state]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Délai">
        <select name="age" defaultValue={query.age ?? ''}>
          <option value="">Tous</option>
          {INBOX_AGES.map((age) => (
            <option key={age} value={age}>
              {AGE_LABELS[age]}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Contrat">
        <input name="contract" type="search" defaultValue={query.contract ?? ''} />
      </Field>
      <Field label="Attribuée à">
        <select name="agent" defaultValue={query.agent ?? ''}>
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
      <Field label="Trier par">
        <select name="sort" defaultValue={query.sort}>
          {INBOX_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </Field>
      <div className="filters__actions">
        <button type="submit" className="button">
          Rechercher et filtrer
        </button>
        <Link to={paths.inbox} className="button button--secondary">
          Réinitialiser
        </Link>
      </div>
    </form>
  );
}
