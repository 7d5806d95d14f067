// The « Messages » inbox's search box and filters (waiting or all, age against the target delay,
// subject, agent), in the inboxes' filter form (components/filter-form.tsx: written into the URL,
// back to page 1).
import {
  MESSAGE_TOPIC_LABELS,
  MESSAGE_TOPICS,
  type ConsoleConversationQuery,
} from '@espace/contract';
import { useStaffList } from '../../../api/get-staff';
import { Field } from '../../../components/field';
import { AgeField, AgentField, FilterForm } from '../../../components/filter-form';
import { paths } from '../../../lib/paths';

export function ConversationFilters({
  query,
  onChange,
}: {
  query: ConsoleConversationQuery;
  onChange: (query: Partial<ConsoleConversationQuery>) => void;
}) {
  const staff = useStaffList().data ?? [];
  return (
    <FilterForm
      label="Filtrer les conversations"
      search={{
        label: 'Rechercher une conversation',
        hint: 'Nom du client, e-mail, n° client ou référence de la demande',
        value: query.q,
      }}
      onChange={onChange}
      resetTo={paths.messages}
    >
      <Field label="État">
        <select name="state" defaultValue={query.state}>
          <option value="waiting">En attente de réponse</option>
          <option value="all">Toutes</option>
        </select>
      </Field>
      <AgeField value={query.age} />
      <Field label="Sujet">
        <select name="topic" defaultValue={query.topic ?? ''}>
          <option value="">Tous</option>
          <option value="request">Au sujet d’une demande</option>
          {MESSAGE_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {MESSAGE_TOPIC_LABELS[topic]}
            </option>
          ))}
        </select>
      </Field>
      <AgentField value={query.agent} staff={staff} />
    </FilterForm>
  );
}
