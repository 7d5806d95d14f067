// The staff console's accounts (docs/backoffice.md « Comptes »):
//   npm run staff -- create --email EMAIL --name "Prénom Nom" --role agent|supervisor
//   npm run staff -- list
//   npm run staff -- disable --email EMAIL
//   npm run staff -- reset-2fa --email EMAIL
// `create` prints the temporary password once: only its scrypt hash is stored; the second
// factor is enrolled at the first sign-in, and again after `reset-2fa` (a lost phone). Uses the
// server's configuration (DATABASE_URL or DATA_DIR); with PGlite on DATA_DIR, run it while the
// server is stopped (PGlite opens its folder in one process only).
import { parseArgs } from 'node:util';
import { STAFF_ROLES, staffCreateSchema } from '@espace/contract';
import { loadConfig } from '../src/config';
import { migrate } from '../src/db/client';
import { allMigrationsApplied } from '../src/db/migrations-applied';
import {
  createStaffAccount,
  disableStaff,
  listStaff,
  resetSecondFactor,
} from '../src/services/staff/staff-accounts';
import { openConfiguredDatabase } from '../src/start-up';

const USAGE = `Usage:
  npm run staff -- create --email EMAIL --name "Prénom Nom" --role ${STAFF_ROLES.join('|')}
  npm run staff -- list
  npm run staff -- disable --email EMAIL
  npm run staff -- reset-2fa --email EMAIL`;

const say = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  });
  const [command] = positionals;
  const known = ['create', 'list', 'disable', 'reset-2fa'];
  if (!command || !known.includes(command) || (command !== 'list' && !values.email)) {
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
  // npm runs this in apps/server: relative paths (DATA_DIR) mean where the command was typed.
  process.chdir(process.env.INIT_CWD ?? process.cwd());
  const database = await openConfiguredDatabase(loadConfig());
  try {
    if (!(await allMigrationsApplied(database.db))) await migrate(database.db);
    const email = values.email ?? '';
    switch (command) {
      case 'create': {
        const staff = await createStaffAccount(database.db, { ...input!.data, createdBy: 'cli' });
        say(`email : ${staff.email}`);
        say(`rôle : ${staff.role}`);
        say(`mot de passe temporaire : ${staff.temporaryPassword}`);
        say('Notez ce mot de passe maintenant : il ne sera plus jamais affiché.');
        say('La double authentification sera activée à la première connexion.');
        return 0;
      }
      case 'list':
        for (const s of await listStaff(database.db))
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
      case 'disable':
        if (await disableStaff(database.db, { email })) {
          say(`${email} désactivé : ses sessions sont fermées.`);
          return 0;
        }
        say(`${email} : aucun compte actif de cette adresse.`);
        return 1;
      default:
        if (await resetSecondFactor(database.db, { email })) {
          say(
            `${email} : double authentification réinitialisée, à activer à la prochaine connexion.`,
          );
          return 0;
        }
        say(`${email} : aucun compte de cette adresse.`);
        return 1;
    }
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
