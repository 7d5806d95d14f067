// GET /backoffice/api/requests: one page of the inbox for the filters, sort and page of the URL.
import { consolePath, type InboxPage, type InboxQuery } from '@espace/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, searchOf } from '../../../lib/api-client';
import { inboxKey } from '../../../api/query-keys';

export const inboxQuery = (query: InboxQuery) =>
  queryOptions({
    queryKey: [...inboxKey, query],
    queryFn: () => api<InboxPage>(consolePath('requests') + searchOf({ ...query })),
    placeholderData: keepPreviousData,
  });

export const useInbox = (query: InboxQuery) => useQuery(inboxQuery(query));
