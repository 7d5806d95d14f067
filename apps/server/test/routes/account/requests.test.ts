// GET …/account/accounts/{accountId}/requests ('Mes demandes'): every kind of write
// shows up once, scoped to the caller, newest first, with its vehicle, a French summary without
// the full IBAN and the status the broker sets; paging and the contract filter.
import {
  addMonths,
  maskIban,
  todayInParis,
  type CustomerRequest,
  type RequestList,
} from '@espace/contract';
import { describe, expect } from 'vitest';
import { apiTest } from '../../support/api-test';
import { BACKENDS } from '../../support/backends';
import { MULTIPART_HEADERS, multipartBody, samplePdf, upfile } from '../../support/documents';
import { bearer, subjectOf } from '../../support/harness';
import { setRequestStatus } from '../../../src/services/requests/request-status';
import { terminationBody } from '../../support/termination';

const ACTIVE = 'AU2026104512'; // Camille's Peugeot 208 GH-482-KL, documents owed
const WITH_PAYMENT = 'AU2025087731'; // Camille's Renault Clio V FT-219-BN
const NO_PAYMENT = 'AU2024061108'; // Camille's Dacia, garaged at Craponne
const IBAN = 'DE89370400440532013000';

describe.each(BACKENDS)('requests list on %s', (backend) => {
  const it = apiTest
    .extend(
      'call',
      ({ t, camille: { token } }) =>
        (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
          t.app.inject({
            method,
            url: `/api/v1/${url}`,
            headers: bearer(token),
            ...(payload === undefined ? {} : { payload: payload as string }),
          }),
    )
    .extend(
      'list',
      ({ t, camille: { accountId, token } }) =>
        async (query = '', as = token, id = accountId) => {
          const response = await t.app.inject({
            method: 'GET',
            url: `/api/v1/account/accounts/${id}/requests${query}`,
            headers: bearer(as),
          });
          return response;
        },
    )
    .extend('newest', ({ list }) => async (): Promise<CustomerRequest> => {
      const response = await list('?pageSize=1');
      expect(response.statusCode).toBe(200);
      return response.json<RequestList>().items[0]!;
    })
    /**
     * Runs one write and checks it added exactly one request, returned; a request for the broker
     * answers 200 with the reference the list shows (docs/decisions/0046-request-reference-on-success.md).
     */
    .extend(
      'oneMore',
      ({ list }) =>
        async (
          write: () => Promise<{ statusCode: number; json(): unknown }>,
          { answersReference = true } = {},
        ) => {
          const response = await write();
          expect(response.statusCode).toBeLessThan(300);
          count += 1;
          const body = (await list('?pageSize=50')).json<RequestList>();
          expect(body.total).toBe(count);
          const listed = body.items[0]!;
          if (answersReference) {
            expect(response.statusCode).toBe(200);
            expect(response.json()).toEqual({ reference: listed.reference });
          }
          return listed;
        },
    )
    .override({ backend });

  let count = 0;

  it('starts empty for Camille and refuses another account’s list', async ({
    camille: { accountId, token },
    jean: { token: jeanToken },
    list,
  }) => {
    expect((await list()).json()).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
    const jeanId = subjectOf(jeanToken);
    expect((await list('', token, jeanId)).statusCode).toBe(403);
    expect((await list('', jeanToken, accountId)).statusCode).toBe(403);
    expect((await list('', '', accountId)).statusCode).toBe(401);
  });

  it('shows Jean’s seeded history in every status, the refusal with its reason', async ({
    jean: { token: jeanToken },
    list,
  }) => {
    const body = (await list('', jeanToken, subjectOf(jeanToken))).json<RequestList>();
    expect(body.items.map((r) => r.statusLabel).sort()).toEqual(
      ['En cours de traitement', 'Refusée', 'Reçue', 'Traitée', 'Traitée'].sort(),
    );
    const refused = body.items.find((r) => r.status === 'refused')!;
    expect(refused.statusReason).toMatch(/conducteur novice/);
    const payment = body.items.find((r) => r.kind === 'change_payment_details')!;
    expect(payment.summary).toContain(maskIban('FR7630004000031234567890143'));
    expect(JSON.stringify(body)).not.toContain('FR7630004000031234567890143');
  });

  it('lists each kind of write once, newest first, with vehicle, summary and status', async ({
    t,
    camille: { accountId, token },
    call,
    list,
    oneMore,
  }) => {
    const today = todayInParis();
    const driver = await oneMore(() =>
      call('POST', `policy/accounts/${accountId}/${ACTIVE}/driver`, {
        salutation: 'Mme',
        firstName: 'Léa',
        lastName: 'Martin',
        birthDate: addMonths(today, -12 * 20),
        bonus: 0.85,
        relationToCustomer: 'Enfant',
        driverLicenseNr: 123456789012,
        driverLicensePermDate: today,
        effectiveDate: today,
      }),
    );
    expect(driver).toMatchObject({
      kind: 'add_driver',
      kindLabel: 'Ajout d’un conducteur',
      policyNumber: ACTIVE,
      vehicle: { manufacturer: 'Peugeot', model: '208', licensePlate: 'GH-482-KL' },
      status: 'received',
      statusLabel: 'Reçue',
      statusReason: null,
    });
    expect(driver.summary).toMatch(/^Ajouter Mme Léa Martin comme conducteur, né\(e\) le /);
    expect(driver.reference).toMatch(/^DEM-[0-9A-F]{8}$/);

    const removed = await oneMore(() =>
      call('DELETE', `policy/accounts/${accountId}/${ACTIVE}/driver`, {
        salutation: 'Mr',
        firstName: 'Thomas',
        lastName: 'Martin',
        birthDate: '1984-09-02',
        effectiveDate: today,
      }),
    );
    expect(removed.summary).toMatch(/^Retirer M\. Thomas Martin des conducteurs/);

    const vehicle = await oneMore(() =>
      call('PUT', `policy/accounts/${accountId}/${ACTIVE}/vehicle`, {
        manufacturer: 'Renault',
        model: 'Mégane E-Tech',
        engine: 'Électrique',
        equipment: 'Techno',
        licensePlate: 'gk 123 ab',
        regDate: '2024-05-02',
        effectiveDate: addMonths(today, 1),
      }),
    );
    expect(vehicle.summary).toMatch(
      /^Remplacer le véhicule par Renault Mégane E-Tech \(GK-123-AB\)/,
    );

    const payment = await t.database.handle.db
      .selectFrom('payment_details')
      .select(['id', 'payment_method', 'owner_name'])
      .where('policy_number', '=', WITH_PAYMENT)
      .executeTakeFirstOrThrow();
    const bank = await oneMore(() =>
      call('PUT', `policy/accounts/${accountId}/${WITH_PAYMENT}/payment-details`, {
        id: payment.id,
        paymentMethod: payment.payment_method,
        bankAccount: { iban: IBAN, ownerName: payment.owner_name, changeHolder: false },
      }),
    );
    expect(bank.vehicle?.licensePlate).toBe('FT-219-BN');
    expect(bank.summary).toContain('DE•• •••• •••• •••• ••30 00');

    const garage = await t.database.handle.db
      .selectFrom('policies')
      .select('garage_address_id')
      .where('policy_number', '=', NO_PAYMENT)
      .executeTakeFirstOrThrow();
    const address = {
      street: '12 chemin de la Forêt',
      zip: '69130',
      city: 'Écully',
      country: 'France',
    };
    const garaged = await oneMore(() =>
      call('PUT', `policy/accounts/${accountId}/address/${NO_PAYMENT}`, {
        id: garage.garage_address_id,
        ...address,
      }),
    );
    expect(garaged.summary).toBe(
      'Nouvelle adresse de garage\u00a0: 12 CHEMIN DE LA FORÊT, 69130 ÉCULLY.',
    );

    const account = (await call('GET', `account/accounts/${accountId}`)).json<{
      address: { id: string };
    }>();
    const personal = await oneMore(() =>
      call('PUT', `account/accounts/${accountId}/address`, { id: account.address.id, ...address }),
    );
    expect(personal).toMatchObject({ kind: 'personal_address', policyNumber: null, vehicle: null });

    const callBack = await oneMore(() =>
      call('POST', `account/accounts/${accountId}/mail/phone-contact`, { phone: '06 12 34 56 78' }),
    );
    expect(callBack.summary).toBe('Être rappelé(e) au 06 12 34 56 78.');
    const message = await oneMore(() =>
      call('POST', `account/accounts/${accountId}/mail/mail-contact`, {
        text: 'Où en est mon dossier ?',
      }),
    );
    expect(message.summary).toBe('«\u00a0Où en est mon dossier ?\u00a0»');

    const pdf = await samplePdf();
    const upload = await oneMore(
      () =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/document/accounts/${accountId}/policy/${ACTIVE}/uploadfile`,
          headers: { ...bearer(token), ...MULTIPART_HEADERS },
          payload: multipartBody([
            { name: 'fileType', value: 'autre' },
            upfile('Courrier.pdf', pdf),
          ]),
        }),
      { answersReference: false },
    );
    expect(upload).toMatchObject({ kind: 'documents', policyNumber: ACTIVE });
    expect(upload.summary).toContain('Courrier.pdf');

    const termination = await oneMore(
      () => call('POST', `policy/accounts/${accountId}/${ACTIVE}/terminate`, terminationBody()),
      { answersReference: false },
    );
    expect(termination.kind).toBe('termination');
    expect(termination.reference).not.toMatch(/^DEM-/);
    expect(termination.summary).toMatch(/^Résilier le contrat\u00a0: Résiliation à l’échéance/);

    const all = (await list('?pageSize=50')).json<RequestList>();
    expect(all.items.map((r) => r.kind)).toEqual([
      'termination',
      'documents',
      'email_message',
      'call_back',
      'personal_address',
      'change_garage_address',
      'change_payment_details',
      'change_vehicle',
      'remove_driver',
      'add_driver',
    ]);
    expect(JSON.stringify(all)).not.toContain(IBAN);
  });

  it('pages newest first and filters by contract', async ({ list }) => {
    const first = (await list('?pageSize=4')).json<RequestList>();
    const second = (await list('?pageSize=4&page=2')).json<RequestList>();
    expect(first).toMatchObject({ total: count, page: 1, pageSize: 4 });
    expect(first.items).toHaveLength(4);
    expect(second.items[0]!.createdAt <= first.items[3]!.createdAt).toBe(true);
    expect(second.items.map((r) => r.id)).not.toContain(first.items[0]!.id);

    const clio = (await list(`?policyNumber=${WITH_PAYMENT}`)).json<RequestList>();
    expect(clio.items.map((r) => r.kind)).toEqual(['change_payment_details']);
    expect((await list('?policyNumber=AU2020007342')).statusCode).toBe(404);
    expect((await list('?pageSize=0')).statusCode).toBe(400);
  });

  it('shows the status the broker sets, a refusal with its reason', async ({ t, newest }) => {
    const request = await newest();
    await setRequestStatus(t.database.handle.db, request.id, 'in_progress');
    expect(await newest()).toMatchObject({
      status: 'in_progress',
      statusLabel: 'En cours de traitement',
    });
    await setRequestStatus(t.database.handle.db, request.id, 'refused', 'Contrat déjà résilié.');
    expect(await newest()).toMatchObject({
      statusLabel: 'Refusée',
      statusReason: 'Contrat déjà résilié.',
    });
    const history = await t.database.handle.db
      .selectFrom('request_status_history')
      .select('status')
      .where('request_id', '=', request.id)
      .orderBy('recorded_at')
      .execute();
    expect(history.map((h) => h.status)).toEqual(['in_progress', 'refused']);
  });
});
