// The customers page's search box (docs/console.md « Clients »): it starts from the words the
// URL holds (?q=), and its parent mounts it again whenever they change (key), so the back and
// forward buttons show in the box the words of the results shown, as the inboxes' filters do
// (components/filter-form.tsx). A search too short is refused in French under the box, from the
// contract's schema, and changes nothing.
import { customerSearchQuerySchema } from '@espace/contract';
import { useState, type FormEvent } from 'react';
import { Field } from '../../../components/field';

const CUSTOMER_SEARCH_HINT =
  'Nom, e-mail, n° client, n° de contrat, immatriculation ou référence de demande (tirets, majuscules et accents sans importance)';

export function CustomerSearchForm({
  q,
  onSearch,
}: {
  /** The words searched, as the URL holds them. */
  q: string;
  onSearch: (q: string) => void;
}) {
  const [error, setError] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = new FormData(event.currentTarget).get('q');
    const parsed = customerSearchQuerySchema.safeParse({ q: text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    onSearch(parsed.data.q);
  };
  return (
    <form className="inline-form" role="search" onSubmit={submit} noValidate>
      <Field label="Rechercher un client" hint={CUSTOMER_SEARCH_HINT} error={error}>
        <input name="q" type="search" defaultValue={q} />
      </Field>
      <button type="submit" className="button">
        Rechercher
      </button>
    </form>
  );
}
