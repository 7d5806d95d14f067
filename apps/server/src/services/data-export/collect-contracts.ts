// « Mes données »: the account, its consent history and its contracts (collect.ts), read for
// the account only; an IBAN is masked (contract maskIban) as everywhere in the portal.
import { maskIban, type DataExportContent } from '@espace/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { iso, rows } from './collect-rows';

type Content = DataExportContent;

export async function account(db: Db, accountId: string): Promise<Content['account']> {
  const [row] = await rows<{
    customer_id: string;
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string;
    birth_date: string | null;
    licence_number: string | null;
    licence_date: string | null;
    created_at: Date;
    commercial_consent: boolean;
  }>(
    db,
    sql`select customer_id, first_name, last_name, email, phone_number,
      to_char(birth_date, 'YYYY-MM-DD') as birth_date, licence_number,
      to_char(licence_date, 'YYYY-MM-DD') as licence_date, created_at, commercial_consent
    from accounts where id = ${accountId}`,
  );
  if (!row) throw new Error(`No account ${accountId}`);
  const address = await db
    .selectFrom('account_addresses')
    .select(['line1', 'complement', 'postal_code', 'city', 'country'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  const garages = await db
    .selectFrom('garage_addresses')
    .select(['street', 'complement', 'zip', 'city', 'country'])
    .where('account_id', '=', accountId)
    .orderBy('id')
    .execute();
  return {
    customerNumber: row.customer_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone_number,
    birthDate: row.birth_date,
    licenceNumber: row.licence_number,
    licenceDate: row.licence_date,
    createdAt: iso(row.created_at),
    commercialConsent: row.commercial_consent,
    address: address
      ? {
          street: address.line1,
          complement: address.complement,
          postalCode: address.postal_code,
          city: address.city,
          country: address.country,
        }
      : null,
    garageAddresses: garages.map((g) => ({
      street: g.street,
      complement: g.complement,
      postalCode: g.zip,
      city: g.city,
      country: g.country,
    })),
  };
}

export async function consentHistory(
  db: Db,
  accountId: string,
): Promise<Content['consentHistory']> {
  const history = await db
    .selectFrom('consent_history')
    .select(['consent', 'recorded_at', 'source'])
    .where('account_id', '=', accountId)
    .orderBy('recorded_at')
    .orderBy('id')
    .execute();
  return history.map((c) => ({
    consent: c.consent,
    recordedAt: iso(c.recorded_at),
    source: c.source,
  }));
}

export async function contracts(db: Db, accountId: string): Promise<Content['contracts']> {
  const policies = await rows<{
    policy_number: string;
    state: string;
    start_date: string;
    end_date: string | null;
    end_reason: string | null;
    premium_a: string;
  }>(
    db,
    sql`select policy_number, state, to_char(start_date, 'YYYY-MM-DD') as start_date,
      to_char(end_date, 'YYYY-MM-DD') as end_date, end_reason, premium_a
    from policies where account_id = ${accountId} order by start_date, policy_number`,
  );
  const numbers = policies.map((p) => p.policy_number);
  if (numbers.length === 0) return [];
  const [risks, guarantees, drivers, payments, claims] = await Promise.all([
    db
      .selectFrom('risks')
      .selectAll()
      .where('policy_number', 'in', numbers)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('guarantees as g')
      .innerJoin('risks as r', 'r.id', 'g.risk_id')
      .select(['g.risk_id', 'g.type', 'g.description', 'g.franchise'])
      .where('r.policy_number', 'in', numbers)
      .orderBy('g.position')
      .execute(),
    rows<{
      policy_number: string;
      salutation: string;
      first_name: string;
      last_name: string;
      birth_date: string;
      licence_date: string | null;
      principal: boolean;
      crm: string;
    }>(
      db,
      sql`select policy_number, salutation, first_name, last_name,
        to_char(birth_date, 'YYYY-MM-DD') as birth_date,
        to_char(licence_date, 'YYYY-MM-DD') as licence_date, principal, crm
      from drivers where policy_number in (${sql.join(numbers)})
      order by principal desc, last_name, first_name`,
    ),
    db.selectFrom('payment_details').selectAll().where('policy_number', 'in', numbers).execute(),
    rows<{
      policy_number: string;
      occurred_on: string;
      nature: string;
      driver_name: string | null;
      responsibility: number;
    }>(
      db,
      sql`select policy_number, to_char(occurred_on, 'YYYY-MM-DD') as occurred_on, nature,
        driver_name, responsibility
      from claims where policy_number in (${sql.join(numbers)}) order by occurred_on`,
    ),
  ]);
  return policies.map((p) => {
    const payment = payments.find((d) => d.policy_number === p.policy_number);
    return {
      policyNumber: p.policy_number,
      state: p.state,
      startDate: p.start_date,
      endDate: p.end_date,
      endReason: p.end_reason,
      annualPremium: Number(p.premium_a),
      vehicles: risks
        .filter((r) => r.policy_number === p.policy_number)
        .map((r) => ({
          manufacturer: r.manufacturer,
          model: r.model,
          licensePlate: r.license_plate,
          formula: r.guarantee_formula,
          guarantees: guarantees
            .filter((g) => g.risk_id === r.id)
            .map((g) => ({
              type: g.type,
              description: g.description,
              franchise: Number(g.franchise),
            })),
        })),
      drivers: drivers
        .filter((d) => d.policy_number === p.policy_number)
        .map((d) => ({
          salutation: d.salutation,
          firstName: d.first_name,
          lastName: d.last_name,
          birthDate: d.birth_date,
          licenceDate: d.licence_date,
          principal: d.principal,
          bonusMalus: Number(d.crm),
        })),
      paymentDetails: payment
        ? {
            method: payment.payment_method,
            ownerName: payment.owner_name,
            ibanMasked: maskIban(payment.iban),
          }
        : null,
      claimsHistory: claims
        .filter((c) => c.policy_number === p.policy_number)
        .map((c) => ({
          occurredOn: c.occurred_on,
          nature: c.nature,
          driver: c.driver_name,
          responsibility: Number(c.responsibility),
        })),
    };
  });
}
