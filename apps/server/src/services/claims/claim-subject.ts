// What a claim's receipt names besides the answers: the customer, the contract's vehicle
// (its first risk, as the termination receipt), whether that risk has a glass cover, and the
// driver at the time.
import { hasGlassCover, type ClaimStepAnswers } from '@espace/contract';
import type { Db } from '../../db/client';

export async function claimSubject(
  db: Db,
  accountId: string,
  policyNumber: string,
  driver: ClaimStepAnswers['driver'] | undefined,
) {
  const row = await db
    .selectFrom('policies as p')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .innerJoin('risks as r', 'r.policy_number', 'p.policy_number')
    .select([
      'a.first_name',
      'a.last_name',
      'r.id as risk_id',
      'r.manufacturer',
      'r.model',
      'r.license_plate',
    ])
    .where('p.account_id', '=', accountId)
    .where('p.policy_number', '=', policyNumber)
    .orderBy('r.position')
    .limit(1)
    .executeTakeFirstOrThrow();
  const guarantees = await db
    .selectFrom('guarantees')
    .select('type')
    .where('risk_id', '=', row.risk_id)
    .execute();
  let driverName: string | null = null;
  if (driver?.driver === 'other') driverName = `${driver.firstName} ${driver.lastName}`;
  if (driver?.driver === 'policy') {
    const d = await db
      .selectFrom('drivers')
      .select(['first_name', 'last_name'])
      .where('policy_number', '=', policyNumber)
      .where('id', '=', driver.driverId)
      .executeTakeFirst();
    if (d) driverName = `${d.first_name} ${d.last_name}`;
  }
  return {
    customer: { firstName: row.first_name, lastName: row.last_name },
    vehicle: { manufacturer: row.manufacturer, model: row.model, licensePlate: row.license_plate },
    driverName,
    glassCover: hasGlassCover(guarantees),
  };
}
