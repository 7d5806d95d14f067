// The inbox (docs/console.md « Boîte de réception »): every request and claim across
// customers, filtered, sorted and paged by the URL's search parameters.
import type { InboxQuery } from '@espace/contract';
import { useSearchParams } from 'react-router';
import { LoadError, Loading } from '../../../components/loading';
import { Pagination } from '../../../components/pagination';
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
      {inbox.isPending ? (
        <Loading />
      ) : inbox.isError ? (
        <LoadError error={inbox.error} />
      ) : (
        // While a new search or filter loads, the last results stay, marked busy (dimmed).
        <div className="inbox-results" aria-busy={inbox.isPlaceholderData}>
          <InboxTable page={inbox.data} />
          <Pagination
            page={inbox.data.page}
            pageCount={inbox.data.pageCount}
            more={inbox.data.totalIsCapped}
            label="Pages des demandes"
          />
        </div>
      )}
    </>
  );
}
