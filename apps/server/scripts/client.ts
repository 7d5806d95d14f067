// The integration clients of the embedded provider (docs/integration.md):
//   npm run client -- create NAME --scopes backoffice:read,backoffice:write
//   npm run client -- list
//   npm run client -- revoke CLIENT_ID
//   npm run client -- rotate CLIENT_ID
// `create` and `rotate` print a secret once: only its SHA-256 is stored. `revoke` and `rotate`
// take effect at once: the client's tokens (of the old secret) get 401 from the next request on
// (docs/decisions/0094-integration-clients-under-attack.md). Uses
// the server's configuration (DATABASE_URL or DATA_DIR); with PGlite on DATA_DIR, run it while
// the server is stopped (PGlite opens its folder in one process only).
import { loadConfig } from '../src/config/config';
import {
  createIntegrationClient,
  INTEGRATION_SCOPES,
  listIntegrationClients,
  revokeIntegrationClient,
  rotateIntegrationClientSecret,
} from '../src/services/integration/clients';
import { inCallersFolder, openMigratedDatabase, readCommandLine, runCommand, say } from './cli';

const USAGE = `Usage:
  npm run client -- create NAME --scopes ${INTEGRATION_SCOPES.join(',')}
  npm run client -- list
  npm run client -- revoke CLIENT_ID
  npm run client -- rotate CLIENT_ID`;

async function main(): Promise<number> {
  const { positionals, values } = readCommandLine(USAGE, { scopes: { type: 'string' } });
  const [command, argument] = positionals;
  // A word more is refused, not left aside: a scope typed without --scopes (`create NAME
  // backoffice:read`) would otherwise give the client every scope.
  if (!command || positionals.length !== (command === 'list' ? 1 : 2)) {
    say(USAGE);
    return 2;
  }
  inCallersFolder();
  const config = loadConfig();
  const database = await openMigratedDatabase(config);
  try {
    switch (command) {
      case 'create': {
        const scopes = (values.scopes ?? INTEGRATION_SCOPES.join(',')).split(',').filter(Boolean);
        const { clientId, secret } = await createIntegrationClient(database.db, argument!, scopes);
        say(`client_id:     ${clientId}`);
        say(`client_secret: ${secret}`);
        say(`scopes:        ${scopes.join(' ')}`);
        say(`token:         POST ${config.oidc.issuer}/token (grant_type=client_credentials)`);
        say('Notez ce secret maintenant : il ne sera plus jamais affiché.');
        return 0;
      }
      case 'list':
        for (const c of await listIntegrationClients(database.db))
          say(`${c.client_id}\t${c.name}\t${c.scopes}\t${c.revoked_at ? 'révoqué' : 'actif'}`);
        return 0;
      case 'revoke':
        if (await revokeIntegrationClient(database.db, argument!)) {
          say(`${argument} révoqué : ses jetons sont refusés dès maintenant.`);
          return 0;
        }
        say(`${argument} : aucun client actif de ce nom.`);
        return 1;
      case 'rotate': {
        const secret = await rotateIntegrationClientSecret(database.db, argument!);
        if (!secret) {
          say(`${argument} : aucun client actif de ce nom.`);
          return 1;
        }
        say(`client_id:     ${argument}`);
        say(`client_secret: ${secret}`);
        say('L’ancien secret et ses jetons sont refusés dès maintenant.');
        say('Notez ce secret maintenant : il ne sera plus jamais affiché.');
        return 0;
      }
      default:
        say(USAGE);
        return 2;
    }
  } finally {
    await database.close();
  }
}

runCommand(main);
