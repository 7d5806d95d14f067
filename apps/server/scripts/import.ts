// `npm run import -- FILE [--invite] [--brand=lumen|vireo]`: loads the broker's customers,
// contracts and documents to send from an NDJSON or CSV file (docs/integration.md « Import »,
// docs/decisions/0076-bulk-import.md) into the database the portal is configured with (the same
// variables as the server: DATA_DIR or DATABASE_URL, SMTP_URL, PUBLIC_URL). A progress bar on
// a terminal, the totals at the end, the refused lines in `FILE.refus.csv` (created afresh by
// each run; exit code 1, nothing imported, when something else than a file has that name). Run
// it again after a failure or a kill: what was written is found unchanged, nothing twice.
// The embedded database (PGlite) is one process's: stop the portal before importing into it.
// Invitation mails are outbox rows like every mail (docs/decisions/0056-one-outbox-relay.md):
// the import delivers them itself at the end; what it could not send, the portal's relay sends.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { BRAND_KEYS, type BrandKey } from '@espace/contract';
import { SingleBar } from 'cli-progress';
import { ConfigError, loadConfig } from '../src/config/config';
import { migrate } from '../src/db/client';
import { withStartupLock } from '../src/db/startup-lock';
import { passwordLinkFor } from '../src/http/provider-paths';
import { mailChannel } from '../src/platform/mail/mail-channel';
import { createMailer } from '../src/platform/mail/mailer';
import { createOutboxRelay } from '../src/platform/outbox/relay';
import { createDocumentStorage } from '../src/platform/storage/create-storage';
import { sendInvitation } from '../src/services/account/invitation';
import { IMPORT_KINDS } from '../src/services/import/import-kinds';
import { formatOf, readImportFile } from '../src/services/import/read-lines';
import { openRefusalReport, RefusalReportPathTaken } from '../src/services/import/refusal-report';
import { runImport } from '../src/services/import/run-import';
import { openConfiguredDatabase } from '../src/start-up';
import { inCallersFolder, readCommandLine } from './cli';

const PROGRESS_EVERY = 1_000;
const USAGE =
  'Usage : npm run import -- FICHIER.ndjson|FICHIER.csv [--invite] [--brand=lumen|vireo]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  inCallersFolder();
  const { values, positionals } = readCommandLine(USAGE, {
    invite: { type: 'boolean', default: false },
    brand: { type: 'string' },
  });
  if (positionals.length !== 1) fail(USAGE);
  const file = path.resolve(positionals[0]!);
  const format = formatOf(file);
  if (!format) fail(`${USAGE}\nLe fichier doit finir par .ndjson, .jsonl ou .csv.`);
  const size = await stat(file).then(
    (s) => s.size,
    () => fail(`Fichier introuvable : ${file}`),
  );
  if (values.brand !== undefined && !(BRAND_KEYS as readonly string[]).includes(values.brand))
    fail(USAGE);
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  // The invitations' skin: --brand, else that of every other mail to customers (MAIL_BRAND).
  const brand = (values.brand as BrandKey | undefined) ?? config.mailBrand;
  // Created first, by this run only (never through a link planted at its name): a refusal
  // leaves the database untouched.
  let report;
  try {
    report = await openRefusalReport(file);
  } catch (err) {
    if (err instanceof RefusalReportPathTaken) fail(err.message);
    throw err;
  }
  const database = await openConfiguredDatabase(config);
  const { db } = database;
  const mailer = config.smtp ? createMailer(config.smtp) : undefined;
  const storage = await createDocumentStorage(config);
  const relay = createOutboxRelay(
    db,
    mailer ? { mail: mailChannel(mailer, storage) } : {},
    config.outbox,
    {
      warn: (_d, message) => console.warn(message),
      error: (_d, message) => console.error(message),
    },
  );
  try {
    await withStartupLock(database, () => migrate(db));
    const { lines, bytesRead } = readImportFile(file, format, (kind) => IMPORT_KINDS[kind]?.schema);
    const bar = process.stderr.isTTY
      ? new SingleBar({
          format:
            'Import [{bar}] {percentage}% | {lines} lignes | {refused} refusées | {eta_formatted}',
          stream: process.stderr,
        })
      : undefined;
    bar?.start(size, 0, { lines: 0, refused: 0 });
    const invitations = {
      db,
      outbox: { mail: mailer !== undefined, wake: () => undefined },
      log: {
        info: (details: object) => console.info(JSON.stringify(details)),
        warn: (_details: object, message: string) => console.warn(message),
        error: (details: object, message: string) => console.error(message, details),
      },
      demoMode: config.demoMode,
      linkFor: passwordLinkFor(config.publicUrl),
    };
    const totals = await runImport(db, lines, {
      refused: (refusals) => report.write(refusals),
      // Without a terminal (a log, a CI), a line every PROGRESS_EVERY lines instead of the bar.
      progress: (t) =>
        bar
          ? bar.update(bytesRead(), { lines: t.lines, refused: t.refused })
          : t.lines % PROGRESS_EVERY === 0 && console.info(`Import : ${t.lines} lignes traitées`),
      ...(values.invite
        ? {
            invite: async (accountId: string) =>
              (await sendInvitation(invitations, accountId, {
                brand,
                keepPending: true,
              })) === 'sent',
          }
        : {}),
    });
    bar?.update(size);
    bar?.stop();
    if (values.invite) await relay.runOnce();
    await report.close();
    console.info(
      [
        `Lignes lues : ${totals.lines}`,
        `  créées : ${totals.created}`,
        `  modifiées : ${totals.updated}`,
        `  inchangées : ${totals.unchanged}`,
        `  refusées : ${totals.refused}${totals.refused ? ` (détail : ${report.path})` : ''}`,
        ...(values.invite ? [`Invitations envoyées : ${totals.invited}`] : []),
      ].join('\n'),
    );
  } finally {
    mailer?.close();
    await storage.close?.();
    await database.close();
  }
}

await main();
