// What the embedded provider (provider.ts) knows of the staff console
// (docs/decisions/0082-staff-sign-in-with-a-second-factor.md). It enforces:
// - staff subjects are `staff:<id>` and exist for the provider while their account is enabled;
// - the console client is granted to staff subjects only, every other first-party client to
//   customer subjects only; a provider session of the other kind asks for the sign-in again
//   (a login check of the interaction policy), so a customer's open session never gives a
//   console code and a staff session never gives a customer token;
// - the console client's tokens are for the console's own audience, read in process only.
import { createHash } from 'node:crypto';
import { errors, interactionPolicy, type ClientMetadata } from 'oidc-provider';
import type { Db } from '../../db/client';
import {
  findEnabledStaff,
  isStaffSubject,
  STAFF_SUBJECT_PREFIX,
} from '../../services/staff/staff-accounts';
import {
  CONSOLE_CALLBACK_PATH,
  CONSOLE_CLIENT_ID,
  consoleAudience,
  consoleClientSecret,
} from './first-party-clients';

const CONSOLE_SCOPE = 'console';

export function consoleClient(publicUrl: string, keys: string[]): ClientMetadata {
  return {
    client_id: CONSOLE_CLIENT_ID,
    // Stored as its SHA-256, as every client secret is compared (compareHashedSecrets).
    client_secret: createHash('sha256').update(consoleClientSecret(keys)).digest('hex'),
    client_name: 'Console du courtier',
    application_type: 'web',
    token_endpoint_auth_method: 'client_secret_basic',
    grant_types: ['authorization_code'],
    response_types: ['code'],
    redirect_uris: [`${publicUrl}${CONSOLE_CALLBACK_PATH}`],
  };
}

export const isConsoleClient = (clientId: string | undefined) => clientId === CONSOLE_CLIENT_ID;

/** Whether a subject may be granted to a client: staff to the console, customers elsewhere. */
export const subjectFitsClient = (clientId: string | undefined, sub: string) =>
  isConsoleClient(clientId) === isStaffSubject(sub);

/** The provider's account for a staff subject (enabled accounts only). */
export async function findStaffAccount(db: Db, sub: string) {
  const staff = await findEnabledStaff(db, sub.slice(STAFF_SUBJECT_PREFIX.length));
  if (!staff) return undefined;
  return {
    accountId: sub,
    claims: () => ({ sub, email: staff.email, email_verified: true, name: staff.displayName }),
  };
}

/** The default policy, with the sign-in asked again when the session is of the other kind. */
export function interactionPolicyWithKinds() {
  const policy = interactionPolicy.base();
  policy.get('login')!.checks.add(
    new interactionPolicy.Check(
      'subject_of_other_kind',
      'the session is not of the kind this client signs in',
      (ctx) => {
        const sub = ctx.oidc.session?.accountId;
        return sub !== undefined && !subjectFitsClient(ctx.oidc.client?.clientId, sub)
          ? interactionPolicy.Check.REQUEST_PROMPT
          : interactionPolicy.Check.NO_NEED_TO_PROMPT;
      },
    ),
  );
  return policy;
}

/** The console audience's resource server: JWT, one minute, exchanged in process. */
export function consoleResourceServer(publicUrl: string, resource: string) {
  const audience = consoleAudience(publicUrl);
  if (resource !== audience) throw new errors.InvalidTarget();
  return {
    scope: CONSOLE_SCOPE,
    audience,
    accessTokenTTL: 60,
    accessTokenFormat: 'jwt' as const,
    jwt: { sign: { alg: 'RS256' as const } },
  };
}

export const consoleGrantScope = { resource: consoleAudience, scope: CONSOLE_SCOPE };
