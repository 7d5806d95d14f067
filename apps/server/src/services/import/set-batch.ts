// A batch of import lines written set-based, in one transaction (docs/decisions/0076-bulk-
// import.md « Performance »): the records locked and compared in two statements, the customers
// and the new contracts that changed written in one multi-row statement per table
// (set-customers.ts, set-contracts.ts), their versions in one more. Enforces the outcome the
// per-line way gives, line by line: a record sent again unchanged is unchanged; a refusal by a
// rule is reported against its line and writes nothing of it; what the set-based statements do
// not cover (a contract already stored, a document to provide) goes through the integration
// service in its own savepoint, after the batch's customers and contracts. A batch whose
// outcome would hang on its lines' order (one record twice, a line before the record it
// follows, an e-mail changing hands) raises NeedsPerLine: write-batch.ts writes it per line.
import type { ContractRecord, CustomerRecord } from '@espace/contract';
import type { Db } from '../../db/client';
import { recordSha256 } from '../integration/records';
import type { PreparedLine } from './import-line';
import { writeContracts, type ContractLine } from './set-contracts';
import { NeedsPerLine, writeCustomers, type CustomerLine } from './set-customers';
import { bumpVersions, dropUnwritten, lockedOf, lockRecords, type RecordRef } from './set-records';
import { writeOne, type Outcome } from './write-one';

type ValidLine = Exclude<PreparedLine, { refusals: unknown }>;

/** The lines whose order does not change their outcome, or NeedsPerLine. */
function checkOrder(valid: readonly ValidLine[]): void {
  const ahead = new Set(valid.map((item) => item.chain[0]!));
  if (ahead.size < valid.length) throw new NeedsPerLine('one record twice');
  for (const item of valid) {
    ahead.delete(item.chain[0]!);
    if (item.chain.slice(1).some((key) => ahead.has(key)))
      throw new NeedsPerLine('a line before the record it follows');
  }
}

const refOf = (item: ValidLine): RecordRef | undefined =>
  item.kindName === 'customer'
    ? { kind: 'customer', key: item.keys.customerNumber! }
    : item.kindName === 'contract'
      ? { kind: 'contract', key: item.keys.contractNumber! }
      : undefined;

/** Writes the batch set-based in `trx`; the outcome of each line, in its order. */
export async function writeSetBased(trx: Db, batch: readonly PreparedLine[]): Promise<Outcome[]> {
  const outcomes = new Map<number, Outcome>();
  const valid = batch.filter((item): item is ValidLine => !('refusals' in item));
  checkOrder(valid);
  const refs = new Map(valid.flatMap((item) => (refOf(item) ? [[item, refOf(item)!]] : [])));
  const locked = await lockRecords(trx, [...refs.values()]);

  const customers: CustomerLine[] = [];
  const contracts: ContractLine[] = [];
  const changed = new Map<number, RecordRef & { sha256: string; created: boolean }>();
  const delegated: ValidLine[] = [];
  for (const item of valid) {
    const ref = refs.get(item);
    if (!ref) {
      delegated.push(item);
      continue;
    }
    const row = lockedOf(locked, ref);
    const sha256 = recordSha256(item.data);
    if (row.version > 0 && row.sha256 === sha256) {
      outcomes.set(item.line, 'unchanged');
      continue;
    }
    changed.set(item.line, { ...ref, sha256, created: row.version === 0 });
    if (ref.kind === 'customer')
      customers.push({
        line: item.line,
        customerNumber: ref.key,
        record: item.data as CustomerRecord,
      });
    else
      contracts.push({
        line: item.line,
        contractNumber: ref.key,
        record: item.data as ContractRecord,
      });
  }

  const refusedCustomers = await writeCustomers(trx, customers);
  const { refused: refusedContracts, existing } = await writeContracts(trx, contracts);
  const handOver = new Set(existing.map((c) => c.line));
  const unwritten: RecordRef[] = [];
  const written = [];
  for (const [line, ref] of changed) {
    const refusals = refusedCustomers.get(line) ?? refusedContracts.get(line);
    if (refusals) {
      outcomes.set(line, refusals);
      unwritten.push(ref);
    } else if (handOver.has(line)) unwritten.push(ref);
    else {
      outcomes.set(line, ref.created ? 'created' : 'updated');
      written.push(ref);
    }
  }
  await bumpVersions(trx, written);
  delegated.push(...valid.filter((item) => handOver.has(item.line)));
  delegated.sort((a, b) => a.line - b.line);
  for (const item of delegated) outcomes.set(item.line, await writeOne(trx, item));
  await dropUnwritten(trx, unwritten);
  return batch.map((item) => ('refusals' in item ? item.refusals : outcomes.get(item.line)!));
}
