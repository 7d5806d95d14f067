// The « Messages » inbox's search box and filters (waiting or all, age against the target delay,
// subject, agent): a form whose submission writes them into the URL and goes back to page 1.
import {
  INBOX_AGES,
  MESSAGE_TOPIC_LABELS,
  MESSAGE_TOPICS,
  type ConsoleConversationQuery,
} from '@espace/contract';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useStaffList } from '../../../api/get-staff';
import { AGE_LABELS } from '../../../components/age-badge';
import { Field } from '../../../components/field';
import { paths } from '../../../lib/paths';

export function ConversationFilters({
  query,
  onChange,
}: {
  query: ConsoleConversationQuery;
  onChange: (query: Partial<ConsoleConversationQuery>) => void;
}) {
  const staff = useStaffList().data ?? [];
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    onChange({ ...values, page: 1 } as Partial<ConsoleConversationQuery>);
  };
  return (
    <form className="filters" aria-label="Filtrer les conversations" onSubmit={submit}>
      <div className="filters__search">
        <Field
          label="Rechercher une conversation"
          hint="Nom du client, e-mail, n° client ou référence de la demande"
        >
          <input name="q" type="search" defaultValue={query.q ?? ''} />
        </Field>
      </div>
      <Field label="État">
        <select name="state" defaultValue={query.state}>
          <option value="waiting">En attente de réponse</option>
          <option value="all">Toutes</option>
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
      <Field label="Attribuée à">
        <select name="agent" defaultValue={query.agent ?? ''}>
          <option value="">Tout le monde</option>
          <option value="me">Moi</option>
          <option value="none">Non attribuées</option>
          {staff.map((member) => (
            <option key={member.id} value={member.id}>
              {member.displayName}
            </option>
          ))}
        </select>
      </Field>
      <div className="filters__actions">
        <button type="submit" className="button">
          Rechercher et filtrer
        </button>
        <Link to={paths.messages} className="button button--secondary">
          Réinitialiser
        </Link>
      </div>
    </form>
  );
}
