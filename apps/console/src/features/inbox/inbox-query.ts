// The inbox's state is the URL's search parameters (docs/console.md « Boîte de réception »),
// read with the contract's inboxQuerySchema and written back without the defaults
// (lib/url-query.ts).
import { inboxQuerySchema, type InboxQuery } from '@espace/contract';
import { readUrlQuery, writeUrlQuery } from '../../lib/url-query';

export const readInboxQuery = (params: URLSearchParams): InboxQuery =>
  readUrlQuery(inboxQuerySchema, params);

const DEFAULTS: Partial<InboxQuery> = { state: 'open', sort: 'oldest', page: 1 };

export const writeInboxQuery = (query: Partial<InboxQuery>) => writeUrlQuery(DEFAULTS, query);
