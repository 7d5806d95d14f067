// What « Mes données » holds (docs/product/data-export.md): everything the portal keeps about
// one customer, read for `accountId` only — every statement is scoped to the account, directly
// or through its own policies, conversations and requests — in the shape of the contract's
// `dataExportContentSchema`. Enforces what the portal enforces elsewhere: an IBAN is masked
// (contract maskIban, as the requests' answers are), a staff member is never named (« broker »),
// a stored file is listed (name, type, size), never copied. Each section reports its step, so
// the page shows the progress.
import type { DataExportContent } from '@espace/contract';
import type { Db } from '../../db/client';
import { account, consentHistory, contracts } from './collect-contracts';
import { claims, conversations, documents, requests, signIns } from './collect-activity';

type Content = DataExportContent;

/** The sections, in the order they are read; `onStep(done, total)` after each. */
export async function collectAccountData(
  db: Db,
  accountId: string,
  onStep: (done: number, total: number) => Promise<void>,
  now = new Date(),
): Promise<DataExportContent> {
  const steps = [
    account,
    consentHistory,
    contracts,
    documents,
    requests,
    claims,
    conversations,
    signIns,
  ] as const;
  const results: unknown[] = [];
  for (const [i, step] of steps.entries()) {
    results.push(await step(db, accountId));
    await onStep(i + 1, steps.length);
  }
  const [a, ch, co, d, r, cl, cv, si] = results as [
    Content['account'],
    Content['consentHistory'],
    Content['contracts'],
    Content['documents'],
    Content['requests'],
    Content['claims'],
    Content['conversations'],
    Content['signIns'],
  ];
  return {
    format: 'espace-assure/mes-donnees',
    version: 1,
    generatedAt: now.toISOString(),
    account: a,
    consentHistory: ch,
    contracts: co,
    documents: d,
    requests: r,
    claims: cl,
    conversations: cv,
    signIns: si,
  };
}
