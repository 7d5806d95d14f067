// The « Messages » inbox (docs/console.md « Messages »): the customers' conversations, those
// awaiting an answer first (the longest waiting at the top), filtered and paged by the URL.
import type { ConsoleConversationQuery } from '@espace/contract';
import { useSearchParams } from 'react-router';
import { useConversationInbox } from '../../../api/conversations';
import { InboxResults } from '../../../components/inbox-results';
import { ConversationFilters } from '../components/conversation-filters';
import { ConversationTable } from '../components/conversation-table';
import { readConversationQuery, writeConversationQuery } from '../conversation-query';

export function Component() {
  const [params, setParams] = useSearchParams();
  const query = readConversationQuery(params);
  const inbox = useConversationInbox(query);
  const change = (next: Partial<ConsoleConversationQuery>) =>
    setParams(writeConversationQuery({ ...query, ...next }));
  return (
    <>
      <h1>Messages</h1>
      <ConversationFilters key={params.toString()} query={query} onChange={change} />
      <InboxResults result={inbox} label="Pages des conversations">
        {(page) => <ConversationTable page={page} />}
      </InboxResults>
    </>
  );
}
