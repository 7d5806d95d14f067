// Changing the insured vehicle (SPEC §2 /changeVehicle, §7). Enforces what change-requests.ts
// enforces; the risk keeps the old vehicle until the broker confirms, within 48 h (SPEC §9).
import type { VehicleChange } from '@espace/contract';
import type { Db } from '../../db/client';
import { inChangeTransaction, recordChangeRequest } from './change-requests';

export async function requestVehicleChange(
  db: Db,
  accountId: string,
  policyNumber: string,
  vehicle: VehicleChange,
): Promise<string> {
  return inChangeTransaction(db, accountId, policyNumber, (trx) =>
    recordChangeRequest(trx, { type: 'change_vehicle', accountId, policyNumber, payload: vehicle }),
  );
}
