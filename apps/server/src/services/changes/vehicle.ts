// Changing the insured vehicle (docs/product/changes.md /changeVehicle). Enforces what change-requests.ts
// enforces; the risk keeps the old vehicle until the broker confirms, within 48 h (docs/product/changes.md).
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
