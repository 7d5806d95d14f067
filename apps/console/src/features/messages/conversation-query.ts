// The « Messages » inbox's state is the URL's search parameters (docs/console.md « Messages »),
// read with the contract's schema and written back without the defaults, as the requests inbox
// does (lib/url-query.ts).
import { consoleConversationQuerySchema, type ConsoleConversationQuery } from '@espace/contract';
import { readUrlQuery, writeUrlQuery } from '../../lib/url-query';

export const readConversationQuery = (params: URLSearchParams): ConsoleConversationQuery =>
  readUrlQuery(consoleConversationQuerySchema, params);

const DEFAULTS: Partial<ConsoleConversationQuery> = { state: 'waiting', page: 1 };

export const writeConversationQuery = (query: Partial<ConsoleConversationQuery>) =>
  writeUrlQuery(DEFAULTS, query);
