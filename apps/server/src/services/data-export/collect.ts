// What « Mes données » holds (docs/product/data-export.md): everything the portal keeps about
// one customer, read for `accountId` only — every statement is scoped to the account, directly
// or through its own policies, conversations and requests — in the shape of the contract's
// `dataExportContentSchema`. Enforces what the portal enforces elsewhere: an IBAN is masked
// (contract maskIban, as the requests' answers are), a staff member is never named (« broker »,
// the journal's purpose without its author), a stored file is listed (name, type, size), never
// copied, no secret is given (coverage.ts lists what is left out and why). Each section reports
// its step, so the page shows the progress.
import type { DataExportContent } from '@espace/contract';
import type { Db } from '../../db/client';
import { owedDocuments, documents, requests } from './collect-activity';
import { claimDrafts, claims } from './collect-claims';
import { account, consentHistory, contracts } from './collect-contracts';
import { conversations, messageDrafts } from './collect-messages';
import { dataExports, passkeys, security, signIns, staffAccesses } from './collect-security';

type Content = DataExportContent;
/** The sections of the archive's JSON (all its keys but the format's own). */
export type DataExportSection = Exclude<keyof Content, 'format' | 'version' | 'generatedAt'>;

/** Each section's reader, in the order they are read (and written). */
const SECTIONS: { [K in DataExportSection]: (db: Db, accountId: string) => Promise<Content[K]> } = {
  account,
  security,
  passkeys,
  consentHistory,
  contracts,
  documents,
  owedDocuments,
  requests,
  claims,
  claimDrafts,
  conversations,
  messageDrafts,
  signIns,
  dataExports,
  staffAccesses,
};

/** The sections, in the order they are read; `onStep(done, total)` after each. */
export async function collectAccountData(
  db: Db,
  accountId: string,
  onStep: (done: number, total: number) => Promise<void>,
  now = new Date(),
): Promise<DataExportContent> {
  const names = Object.keys(SECTIONS) as DataExportSection[];
  const read: Partial<Record<DataExportSection, unknown>> = {};
  for (const [i, name] of names.entries()) {
    read[name] = await SECTIONS[name](db, accountId);
    await onStep(i + 1, names.length);
  }
  return {
    format: 'espace-assure/mes-donnees',
    version: 2,
    generatedAt: now.toISOString(),
    ...(read as Omit<Content, 'format' | 'version' | 'generatedAt'>),
  };
}
