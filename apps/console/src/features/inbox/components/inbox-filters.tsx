// The inbox's search box, filters and sort (kind, status, open or all, age, contract, agent), in
// the inboxes' filter form (components/filter-form.tsx: written into the URL, back to page 1).
import {
  INBOX_SORTS,
  REQUEST_KIND_LABELS,
  REQUEST_KINDS,
  REQUEST_STATUS_LABELS,
  REQUEST_STATUSES,
  type InboxQuery,
} from '@espace/contract';
import { useStaffList } from '../../../api/get-staff';
import { Field } from '../../../components/field';
import { AgeField, AgentField, FilterForm } from '../../../components/filter-form';
import { paths } from '../../../lib/paths';
import { SEARCH_HINT, SORT_LABELS, STATE_LABELS } from '../labels';

export function InboxFilters({
  query,
  onChange,
}: {
  query: InboxQuery;
  onChange: (query: Partial<InboxQuery>) => void;
}) {
  const staff = useStaffList().data ?? [];
  return (
    <FilterForm
      label="Filtrer les demandes"
      search={{ label: 'Rechercher une demande', hint: SEARCH_HINT, value: query.q }}
      onChange={onChange}
      resetTo={paths.inbox}
    >
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
      <AgeField value={query.age} />
      <Field label="Contrat">
        <input name="contract" type="search" defaultValue={query.contract ?? ''} />
      </Field>
      <AgentField value={query.agent} staff={staff} />
      <Field label="Trier par">
        <select name="sort" defaultValue={query.sort}>
          {INBOX_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {SORT_LABELS[sort]}
            </option>
          ))}
        </select>
      </Field>
    </FilterForm>
  );
}
