// The staff console's accounts (docs/console.md « Comptes »):
//   npm run staff -- create --email EMAIL --name "Prénom Nom" --role agent|supervisor
//   npm run staff -- list
//   npm run staff -- disable --email EMAIL
//   npm run staff -- reset-2fa --email EMAIL
//   npm run staff -- verify-journal [--expect SEQ:HASH]
// `create` prints the temporary password once: only its scrypt hash is stored; the first
// sign-in enrols the second factor, then has the staff member replace the temporary password
// with their own before the console opens. `reset-2fa` (a lost phone) forgets the second factor
// and the password and mails the member a single-use link (services/staff/staff-links.ts),
// delivered by this command at once when SMTP_URL is set; without it, the link is printed here,
// for the operator on the server to hand over, and the journal says so (`delivery: printed`).
// `verify-journal` reads the journal's hash chain (services/staff/audit-chain.ts): exit 0 and
// its head when intact, exit 1 and the first broken entry otherwise; `--expect` also checks a
// head printed earlier. The CLI's actions are in the journal under `cli:<user>@<machine>`. Uses
// the server's configuration (DATABASE_URL or DATA_DIR, SMTP_URL, PUBLIC_URL); with PGlite on
// DATA_DIR, run it while the server is stopped (PGlite opens its folder in one process only).
import { STAFF_ROLES, staffCreateSchema } from '@espace/contract';
import { loadConfig, type Config } from '../src/config/config';
import type { Db } from '../src/db/client';
import { staffLinkFor } from '../src/http/staff-link-paths';
import { mailChannel } from '../src/platform/mail/mail-channel';
import { createMailer } from '../src/platform/mail/mailer';
import { createOutboxRelay } from '../src/platform/outbox/relay';
import { createDocumentStorage } from '../src/platform/storage/create-storage';
import { NotFoundError, ConflictError } from '../src/services/errors';
import { cliActor, recordStaffAudit } from '../src/services/staff/audit';
import { verifyJournal } from '../src/services/staff/audit-chain';
import { createStaffAccount, disableStaff, listStaff } from '../src/services/staff/staff-accounts';
import { resetStaffAccess } from '../src/services/staff/staff-links';
import { inCallersFolder, openMigratedDatabase, readCommandLine, runCommand, say } from './cli';

const USAGE = `Usage:
  npm run staff -- create --email EMAIL --name "Prénom Nom" --role ${STAFF_ROLES.join('|')}
  npm run staff -- list
  npm run staff -- disable --email EMAIL
  npm run staff -- reset-2fa --email EMAIL
  npm run staff -- verify-journal [--expect SEQ:HASH]`;

async function main(): Promise<number> {
  const { positionals, values } = readCommandLine(USAGE, {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    expect: { type: 'string' },
  });
  const [command] = positionals;
  const known = ['create', 'list', 'disable', 'reset-2fa', 'verify-journal'];
  const noEmail = command === 'list' || command === 'verify-journal';
  const anchor = values.expect ? /^(\d+):([0-9a-f]{64})$/.exec(values.expect) : undefined;
  // A word more is refused, not left aside (`--name Claire Dupont` without quotes).
  if (
    positionals.length !== 1 ||
    !known.includes(command!) ||
    (!noEmail && !values.email) ||
    anchor === null
  ) {
    say(USAGE);
    return 2;
  }
  const input =
    command === 'create'
      ? staffCreateSchema.safeParse({
          email: values.email,
          displayName: values.name,
          role: values.role,
        })
      : undefined;
  if (input && !input.success) {
    for (const issue of input.error.issues) say(issue.message);
    say(USAGE);
    return 2;
  }
  inCallersFolder();
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  const { db } = database;
  try {
    const email = values.email ?? '';
    switch (command) {
      case 'create': {
        const staff = await db.transaction().execute(async (trx) => {
          const created = await createStaffAccount(trx, { ...input!.data, createdBy: 'cli' });
          await recordStaffAudit(trx, cliActor(), {
            action: 'staff.created',
            targetKind: 'staff',
            targetId: created.id,
            details: { email: created.email, role: created.role },
          });
          return created;
        });
        say(`email : ${staff.email}`);
        say(`rôle : ${staff.role}`);
        say(`mot de passe temporaire : ${staff.temporaryPassword}`);
        say('Notez ce mot de passe maintenant : il ne sera plus jamais affiché.');
        say('À la première connexion : activation de la double authentification, puis choix');
        say('d’un mot de passe personnel, qui remplace celui-ci.');
        return 0;
      }
      case 'list':
        for (const s of await listStaff(db))
          say(
            [
              s.email,
              s.displayName,
              s.role,
              s.enrolled ? '2FA active' : '2FA à activer',
              s.disabled ? 'désactivé' : 'actif',
            ].join('\t'),
          );
        return 0;
      case 'disable': {
        const done = await db.transaction().execute(async (trx) => {
          const row = await trx
            .selectFrom('staff_accounts')
            .select('id')
            .where('email', '=', email.trim().toLowerCase())
            .executeTakeFirst();
          if (!row || !(await disableStaff(trx, { id: row.id }))) return false;
          const entry = { action: 'staff.disabled', targetKind: 'staff', targetId: row.id };
          await recordStaffAudit(trx, cliActor(), { ...entry, details: { email } });
          return true;
        });
        say(
          done
            ? `${email} désactivé : ses sessions sont fermées.`
            : `${email} : aucun compte actif de cette adresse.`,
        );
        return done ? 0 : 1;
      }
      case 'reset-2fa':
        return await reset(config, db, email);
      default:
        return await verify(db, anchor ? { seq: anchor[1]!, hash: anchor[2]! } : undefined);
    }
  } finally {
    await database.close();
  }
}

/** reset-2fa: the link mailed now (SMTP_URL), else printed; what was done, said. */
async function reset(config: Config, db: Db, email: string): Promise<number> {
  const mailer = config.smtp ? createMailer(config.smtp) : undefined;
  const storage = await createDocumentStorage(config);
  const log = { warn: (_d: object, m: string) => say(m), error: (_d: object, m: string) => say(m) };
  try {
    const outbox = { mail: mailer !== undefined, wake: () => undefined };
    const deps = { db, outbox, log: { info: () => undefined }, demoMode: false };
    const done = await resetStaffAccess(
      { ...deps, linkFor: staffLinkFor(config.publicUrl) },
      cliActor(),
      { email },
      { printLink: true },
    );
    say(`${done.email} : mot de passe et double authentification réinitialisés, sessions fermées.`);
    if (mailer) {
      const relay = createOutboxRelay(
        db,
        { mail: mailChannel(mailer, storage) },
        config.outbox,
        log,
      );
      await relay.runOnce();
      const mail = await db
        .selectFrom('outbox')
        .select('sent_at')
        .where('id', '=', done.mailId!)
        .executeTakeFirst();
      say(
        mail?.sent_at
          ? 'Un lien pour choisir un nouveau mot de passe lui a été envoyé par e-mail.'
          : 'Le lien n’a pas pu partir tout de suite : le serveur le renverra (boîte d’envoi).',
      );
    } else {
      say(
        'SMTP_URL n’est pas configuré : voici le lien, à transmettre au seul titulaire du compte',
      );
      say(`(valable une fois, 24 heures ; le journal indique qu’il a été affiché ici) :`);
      say(done.link!);
    }
    return 0;
  } catch (error) {
    if (!(error instanceof NotFoundError || error instanceof ConflictError)) throw error;
    say(`${email} : aucun compte actif de cette adresse.`);
    return 1;
  } finally {
    mailer?.close();
    await storage.close?.();
  }
}

/** verify-journal: exit 0 with the head to keep, or 1 with the first broken entry. */
async function verify(db: Db, anchor?: { seq: string; hash: string }): Promise<number> {
  const started = Date.now();
  const check = await verifyJournal(db, anchor ? { anchor } : {});
  const took = `${check.entries} entrées lues en ${((Date.now() - started) / 1000).toFixed(1)} s`;
  if (check.intact) {
    say(`Journal intact : ${took}.`);
    say(`Dernière entrée : ${check.head!.seq}:${check.head!.hash}`);
    say('Gardez cette ligne hors du serveur : --expect la vérifiera la prochaine fois.');
    return 0;
  }
  const { broken } = check;
  say(`JOURNAL MODIFIÉ (${broken!.reason}) : ${took}.`);
  say(
    `Première entrée en cause : n° ${broken!.seq ?? '?'} (id ${broken!.id ?? '?'}, ${broken!.at ?? '?'})`,
  );
  say('Voir docs/operations.md, « Journal de la console ».');
  return 1;
}

runCommand(main);
