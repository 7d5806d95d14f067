// The inbox (docs/console.md « Boîte de réception »): every request and claim across
// customers, filtered, sorted and paged by the URL's search parameters.
import type { InboxQuery } from '@espace/contract';
import { useSearchParams } from 'react-router';
import { InboxResults } from '../../../components/inbox-results';
import { useInbox } from '../api/get-inbox';
import { InboxFilters } from '../components/inbox-filters';
import { InboxTable } from '../components/inbox-table';
import { readInboxQuery, writeInboxQuery } from '../inbox-query';

export function Component() {
  const [params, setParams] = useSearchParams();
  const query = readInboxQuery(params);
  const inbox = useInbox(query);
  const change = (next: Partial<InboxQuery>) => setParams(writeInboxQuery({ ...query, ...next }));
  return (
    <>
      <h1>Demandes</h1>
      <InboxFilters key={params.toString()} query={query} onChange={change} />
      <InboxResults result={inbox} label="Pages des demandes">
        {(page) => <InboxTable page={page} />}
      </InboxResults>
    </>
  );
}
