// The inbox's page (GET /requests of the console API, docs/console.md « Boîte de réception »):
// its items and how far they were counted, as the « Messages » inbox's (console-messages.ts).
import type { RequestKind, RequestStatus } from '../requests/kinds';
import type { InboxAge } from './console';

/**
 * The inboxes count their items up to this many (or up to the page asked, if further): past it,
 * the caption reads « plus de 10 000 » and the pages go on while there are items. Counting half a
 * million open requests at a broker's size for every page cost a second (bench `console`).
 */
export const INBOX_COUNT_CAP = 10_000;

export interface InboxItem {
  reference: string;
  kind: RequestKind;
  kindLabel: string;
  status: RequestStatus;
  statusLabel: string;
  createdAt: string;
  statusChangedAt: string;
  customerNumber: string | null;
  customerName: string;
  policyNumber: string | null;
  summary: string;
  /** Who it is assigned to: their name, and their e-mail (on hover). */
  assignee: { id: string; displayName: string; email: string } | null;
  /** Hours since it was received, and the kind's target delay. */
  ageHours: number;
  targetHours: number;
  age: InboxAge;
}

/**
 * A page of one of the console's inboxes (the requests, the conversations), counted up to
 * INBOX_COUNT_CAP.
 */
export interface CappedPage<Item> {
  items: Item[];
  page: number;
  /** The pages counted: more follow when `totalIsCapped`. */
  pageCount: number;
  /** The items counted, at most INBOX_COUNT_CAP (or the page's end) and then `totalIsCapped`. */
  total: number;
  /** There are more items than `total`. */
  totalIsCapped: boolean;
}

export type InboxPage = CappedPage<InboxItem>;
