// The data of `npm run bench -- console` (docs/performance.md « The console at a broker's size »):
// a real broker's size written set-based in SQL (generate_series), in a few minutes, into the
// bench's own PostgreSQL database after the server migrated and seeded it: BENCH_CUSTOMERS
// customers (200,000), one contract each and a second for half of them (300,000), each with its
// vehicle and driver, BENCH_REQUESTS requests and claims (1,000,000) over three years — contract
// changes and messages, claims with their receipt —, the broker's statuses (about 1.6 % still open,
// a third of them late, half of those assigned to the demo agent), and BENCH_JOURNAL entries of the
// staff journal (chained by its trigger, as the server writes them). The request index's row
// triggers (migration 0037) are off while the rows are written and the index is filled from the
// view in one statement, as the migration itself does; the assignments come after it, each copied
// into the index by its own trigger (migration 0052).
import pg from 'pg';

export const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200_000);
export const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000_000);
export const JOURNAL = Number(process.env.BENCH_JOURNAL ?? 1_000_000);

const FIRST = `'{Camille,Léa,Hélène,Chloé,Inès,Zoé,Emma,Jade,Louise,Alice,Manon,Sarah,Juliette,Anaïs,Élodie,Noémie,Margaux,Océane,Maëlle,Agathe,Thomas,Lucas,Hugo,Théo,Nathan,Louis,Gabriel,Jules,Raphaël,Arthur,Noé,Adam,Mathéo,Maël,Clément,Antoine,Jérôme,François,Grégoire,Benoît}'::text[]`;
const LAST = `'{Martin,Bernard,Dubois,Thomas,Robert,Richard,Petit,Durand,Leroy,Moreau,Simon,Laurent,Lefèvre,Michel,Garcia,David,Bertrand,Roux,Vincent,Fournier,Morel,Girard,André,Lefebvre,Mercier,Dupont,Lambert,Bonnet,François,Martinez,Legrand,Garnier,Faure,Rousseau,Blanc,Guérin,Muller,Henry,Roussel,Nicolas,Perrin,Morin,Mathieu,Clément,Gauthier,Dumont,Lopez,Fontaine,Chevalier,Robin,Masson,Sanchez,Gérard,Nguyen,Boyer,Denis,Lemaire,Duval,Joly,Gautier,Roger,Roche,Roy,Noël,Meyer,Lucas,Meunier,Jean,Perez,Marchand,Dufour,Blanchard,Marie,Barbier,Brun,Dumas,Brunet,Schmitt,Leroux,Colin,Fernandez,Pierre,Renard,Arnaud,Rolland,Caron,Aubert,Giraud,Leclerc,Vidal,Bourgeois,Renaud,Lemoine,Picard,Gaillard,Philippe,Leclercq,Lacroix,Fabre,Côté}'::text[]`;
const PLATE = (g: string) =>
  `chr(65 + (${g} % 23)::int) || chr(65 + ((${g} / 23) % 23)::int) || '-' || lpad(((${g} / 529) % 1000)::text, 3, '0') || '-' || chr(65 + ((${g} / 7) % 23)::int) || chr(65 + ((${g} / 161) % 23)::int)`;

/** The statements, in order; each is one set-based write. */
function statements(): [string, string][] {
  const policies = Math.round(CUSTOMERS * 1.5);
  const changes = Math.round(REQUESTS * 0.7);
  const messages = Math.round(REQUESTS * 0.25);
  const claims = REQUESTS - changes - messages;
  // A request's account: spread over the customers; its contract: that customer's first.
  const account = (g: string) => `'bench-' || ((${g} * 7919) % ${CUSTOMERS} + 1)`;
  const created = (g: string) => `now() - make_interval(secs => ((${g} * 104729) % 94608000))`;
  return [
    [
      'customers',
      `insert into accounts (id, customer_id, first_name, last_name, email, phone_number, birth_date)
       select 'bench-' || g, 'CLI-B' || lpad(g::text, 7, '0'),
              (${FIRST})[1 + g % cardinality(${FIRST})],
              (${LAST})[1 + (g / cardinality(${FIRST})) % cardinality(${LAST})],
              'client' || g || '@exemple-courtier.fr', '06 ' || lpad((g % 100000000)::text, 8, '0'),
              date '1950-01-01' + (g % 18000)::int
         from generate_series(1::bigint, ${CUSTOMERS}) g`,
    ],
    [
      'contracts',
      `insert into policies (policy_number, account_id, customer_id, state, premium_a, start_date)
       select 'AB' || lpad(g::text, 9, '0'), 'bench-' || ((g - 1) % ${CUSTOMERS} + 1),
              'CLI-B' || lpad(((g - 1) % ${CUSTOMERS} + 1)::text, 7, '0'),
              case when g % 20 = 0 then 'Résilié' else 'Actif' end, 300 + g % 900,
              date '2020-01-01' + (g % 2000)::int
         from generate_series(1::bigint, ${policies}) g`,
    ],
    [
      'vehicles',
      `insert into risks (policy_number, license_plate, manufacturer, model, guarantee_formula)
       select 'AB' || lpad(g::text, 9, '0'), ${PLATE('g')},
              (array['Renault','Peugeot','Citroën','Dacia','Toyota'])[1 + g % 5], 'Modèle ' || g % 50,
              (array['Tiers','Tiers Plus','Tous risques'])[1 + g % 3]
         from generate_series(1::bigint, ${policies}) g`,
    ],
    [
      'drivers',
      `insert into drivers (id, policy_number, salutation, first_name, last_name, birth_date, crm, principal)
       select 'bench-d' || g, p.policy_number, 'Mme', a.first_name, a.last_name,
              coalesce(a.birth_date, date '1980-01-01'), 0.8, true
         from generate_series(1::bigint, ${policies}) g
         join policies p on p.policy_number = 'AB' || lpad(g::text, 9, '0')
         join accounts a on a.id = p.account_id`,
    ],
    [
      'contract changes',
      `insert into change_requests (id, type, account_id, policy_number, payload, created_at)
       select 'bench-c' || g,
              (array['add_driver','remove_driver','change_vehicle','change_payment_details'])[1 + g % 4],
              ${account('g')}, 'AB' || lpad(((g * 7919) % ${CUSTOMERS} + 1)::text, 9, '0'),
              jsonb_build_object('firstName', 'Hugo', 'lastName', 'Martin', 'effectiveDate', '2026-01-01'),
              ${created('g')}
         from generate_series(1::bigint, ${changes}) g`,
    ],
    [
      'messages',
      `insert into outbox (type, account_id, payload, created_at, sent_at)
       select (array['contact.phone','contact.mail'])[1 + g % 2], ${account('g')},
              jsonb_build_object('phone', '06 12 34 56 78', 'text', 'Bonjour, une question sur mon contrat.'),
              ${created(`(g + ${changes})`)}, ${created(`(g + ${changes})`)}
         from generate_series(1::bigint, ${messages}) g`,
    ],
    [
      'claim receipts',
      `insert into downloadable_documents (id, policy_number, file_name, content_type, storage_key, size, created_at)
       select 'bench-r' || g, 'AB' || lpad(((g * 7919) % ${CUSTOMERS} + 1)::text, 9, '0'),
              'Déclaration de sinistre.pdf', 'application/pdf', 'bench-none', 1000,
              ${created(`(g + ${changes + messages})`)}
         from generate_series(1::bigint, ${claims}) g`,
    ],
    [
      'claims',
      `insert into claim_declarations (id, reference, account_id, policy_number, kind, answers, summary,
                                       occurred_on, declared_at, late, receipt_document_id)
       select 'bench-s' || g, 'SIN-B' || lpad(g::text, 8, '0'), ${account('g')},
              'AB' || lpad(((g * 7919) % ${CUSTOMERS} + 1)::text, 9, '0'), 'broken_glass', '{}'::jsonb,
              jsonb_build_object('kindLabel', 'Bris de glace', 'place', 'Lyon'), current_date - 3,
              ${created(`(g + ${changes + messages})`)}, false, 'bench-r' || g
         from generate_series(1::bigint, ${claims}) g`,
    ],
    [
      'request index',
      `insert into request_index (id, reference, kind, account_id, policy_number, created_at, status, status_changed_at)
       select id, reference, kind, account_id, policy_number, created_at, status, status_changed_at
         from customer_requests where account_id like 'bench-%'`,
    ],
    [
      'statuses',
      // Handled (done, refused; a claim closed) within days, but 40 % of the last 30 days' and
      // 0.5 % of the older ones (late); of those open, a fifth not answered yet (no status).
      `insert into request_statuses (request_id, status, reason, message, updated_at)
       select id,
              case when not open_now then case when kind = 'claim' then 'closed'
                                               when h % 10 = 0 then 'refused' else 'done' end
                   when kind = 'claim' then 'under_review'
                   when (h / 100) % 2 = 0 then 'in_progress' else 'awaiting_documents' end,
              case when not open_now and kind <> 'claim' and h % 10 = 0 then 'Hors garanties.' end,
              null, least(now(), created_at + make_interval(hours => 2 + h % 120))
         from (select id, kind, created_at, h,
                      (created_at > now() - interval '30 days' and h % 100 < 40) or h % 1000 < 5
                        as open_now
                 from (select id, kind, created_at, abs(hashtext(id)) as h from request_index
                        where account_id like 'bench-%') hashed) r
        where not open_now or (h / 100) % 5 <> 0`,
    ],
    [
      'statuses, into the index (its trigger is off)',
      `update request_index i set status = s.status, status_changed_at = s.updated_at
         from request_statuses s where s.request_id = i.id and i.account_id like 'bench-%'`,
    ],
    [
      'assignments',
      `insert into request_assignments (request_id, staff_id, assigned_by)
       select r.id, s.id, s.id from request_index r
         cross join (select id from staff_accounts where email = 'conseiller@courtage-horizon.test') s
        where r.account_id like 'bench-%' and r.open and abs(hashtext(r.id)) % 2 = 0`,
    ],
  ];
}

/**
 * The journal in batches of JOURNAL_BATCH entries, each its own statement and transaction: the
 * chain's trigger updates its one head row for every entry, and within one statement those
 * versions pile up (a million would take the better part of an hour).
 */
const JOURNAL_BATCH = 10_000;
const journalBatch = (from: number, to: number) =>
  `insert into staff_audit (staff_id, staff_email, action, target_kind, target_id, account_id, address, at)
   select s.id, s.email,
          (array['request.read','customer.read','customer.search','request.status_changed'])[1 + g % 4],
          'request', 'DEM-' || g, 'bench-' || (g % ${CUSTOMERS} + 1), '127.0.0.1',
          now() - make_interval(secs => ${JOURNAL} - g)
     from generate_series(${from}::bigint, ${to}) g
     cross join (select id, email from staff_accounts where email = 'conseiller@courtage-horizon.test') s`;

const REQUEST_TRIGGERS: [string, string][] = [
  ['change_requests', 'request_index_change'],
  ['outbox', 'request_index_outbox_new'],
  ['claim_declarations', 'request_index_claim'],
  ['request_statuses', 'request_index_status'],
];

/** Writes the data set into the database at `url`; prints each step's time. */
export async function generateConsoleData(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  client.on('error', () => undefined); // the database dropped under a failed run
  try {
    for (const [table, trigger] of REQUEST_TRIGGERS)
      await client.query(`alter table ${table} disable trigger ${trigger}`);
    for (const [name, statement] of statements()) {
      const started = performance.now();
      const { rowCount } = await client.query(statement);
      console.info(
        `  ${name}: ${rowCount ?? 0} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
  } catch (error) {
    await client.end();
    throw error;
  }
  for (const [table, trigger] of REQUEST_TRIGGERS)
    await client.query(`alter table ${table} enable trigger ${trigger}`);
  const journalStarted = performance.now();
  for (let from = 1; from <= JOURNAL; from += JOURNAL_BATCH)
    await client.query(journalBatch(from, Math.min(JOURNAL, from + JOURNAL_BATCH - 1)));
  console.info(
    `  journal: ${JOURNAL} entries in ${((performance.now() - journalStarted) / 1000).toFixed(1)} s`,
  );
  const started = performance.now();
  await client.query('vacuum analyze');
  console.info(`  vacuum analyze: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await client.end();
}

/** A customer, a contract, a plate and a request reference of the data set, for the searches. */
export async function sampleTerms(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{
    customer_id: string;
    name: string;
    email: string;
    policy_number: string;
    plate: string;
    reference: string;
  }>(`select a.customer_id, a.first_name || ' ' || a.last_name as name, a.email, p.policy_number,
             r.license_plate as plate,
             (select reference from request_index where account_id = a.id order by created_at desc limit 1) as reference
        from accounts a join policies p on p.account_id = a.id join risks r on r.policy_number = p.policy_number
       where a.id = 'bench-' || ${Math.floor(CUSTOMERS / 3)} limit 1`);
  await client.end();
  return rows[0]!;
}
