// This tab as a writer of claim drafts
// (docs/decisions/0162-claim-drafts-saved-as-the-customer-types.md): an id drawn when the page
// loads, kept in memory only (never in browser storage), and the number of each of its writes. A
// write names the version of the draft it was made from (If-Match): the server
// refuses it (412) when another tab or device wrote since, and takes the tab's own writes in
// the order of their numbers, whichever arrives first.
import { CLAIM_DRAFT_WRITER_HEADER } from '@espace/contract';

const TAB = crypto.randomUUID();
let written = 0;

export interface DraftWriteHeaders {
  /** The number of this write among the tab's: a later write has a greater one. */
  seq: number;
  headers: Record<string, string>;
}

/** The headers of the tab's next write to a draft read at `version`. */
export function nextDraftWrite(version: number): DraftWriteHeaders {
  written += 1;
  return {
    seq: written,
    headers: { 'if-match': `"${version}"`, [CLAIM_DRAFT_WRITER_HEADER]: `${TAB}:${written}` },
  };
}
