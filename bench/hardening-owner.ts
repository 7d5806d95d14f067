// The owner under attack (docs/decisions/0014-sign-in-throttle.md), figures printed, never
// asserted: `reportOwnerUnderAttack()` is called by bench/hardening.ts. Two app instances share
// one PGlite database in memory; 20 addresses guess one account's password in parallel, half on
// each instance. Printed: the wrong passwords evaluated for that account in the window (401
// answers; the owner's right ones are taken back), and the owner's time to get in by each way:
// the usual browser (device cookie), a new browser once the window is over (the wait is read
// from the database, then the window is moved back to check the door opens), the signed-in
// password change, and a reset by e-mail then a new browser (mail delivery not included).
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config/config';
import { openDatabase } from '../apps/server/src/db/client';
import { DEVICE_COOKIE } from '../apps/server/src/oidc/provider/device-cookie';
import { RATE_LIMITS } from '../apps/server/src/platform/rate-limits/tiers';
import { bearer, DEMO, signIn, subjectOf } from '../apps/server/test/support/harness';
import { attemptSignIn, resetByMail } from '../apps/server/test/support/owner-attack';

const ADDRESSES = 20;
const GUESSES_PER_ADDRESS = 3;
const attempt = attemptSignIn;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, Math.round(performance.now() - started)];
}

export async function reportOwnerUnderAttack(): Promise<void> {
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://localhost:3000',
      WEB_DIST: '/nonexistent',
    },
    { inMemoryDatabase: true },
  );
  const database = await openDatabase({});
  const apps: FastifyInstance[] = [];
  try {
    for (let i = 0; i < 2; i++) apps.push(await buildApp(config, { database, logger: false }));
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const usual = await attempt(a, config, DEMO.password);
    const device = usual.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;
    const session = await signIn(b, config, DEMO.lea);
    const accountId = subjectOf(session.access_token);

    const [answers, attackMs] = await timed(() =>
      Promise.all(
        Array.from({ length: ADDRESSES * GUESSES_PER_ADDRESS }, (_, i) =>
          attempt(i % 2 ? b : a, config, `Faux-${i}-2026!`, {
            address: `203.0.113.${i % ADDRESSES}`,
          }),
        ),
      ),
    );
    const wrong = answers.filter((r) => r.statusCode === 401).length;
    const refused = answers.filter((r) => r.statusCode === 429).length;
    console.info(
      `hardening: owner under attack: ${answers.length} guesses from ${ADDRESSES} addresses on 2 instances in ${attackMs} ms: ` +
        `${wrong} wrong passwords evaluated for the account in the window, ${refused} refused`,
    );

    const [byDevice, deviceMs] = await timed(() => attempt(b, config, DEMO.password, { device }));
    console.info(`hardening: owner, usual browser: ${byDevice.statusCode} in ${deviceMs} ms`);

    const row = await database.db
      .selectFrom('sign_in_throttle')
      .select('window_started_at')
      .where('key', '=', `account:${DEMO.lea}`)
      .executeTakeFirstOrThrow();
    const waitMs =
      row.window_started_at.getTime() + RATE_LIMITS.signInAccount.windowMs - Date.now();
    const refusedNow = await attempt(a, config, DEMO.password);
    await database.db
      .updateTable('sign_in_throttle')
      .set({ window_started_at: new Date(Date.now() - RATE_LIMITS.signInAccount.windowMs - 1) })
      .where('key', '=', `account:${DEMO.lea}`)
      .execute();
    const afterWindow = await attempt(a, config, DEMO.password);
    console.info(
      `hardening: owner, new browser: ${refusedNow.statusCode} now (reset link offered: ${refusedNow.body.includes('/interaction/password/forgot')}), ` +
        `${afterWindow.statusCode} after the window, that is ${Math.round(waitMs / 1000)} s after the first guess`,
    );
    // The attack goes on: the account's window is full again for the next two ways.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        attempt(i % 2 ? b : a, config, `Encore-${i}-2026!`, { address: `203.0.113.${i}` }),
      ),
    );

    const [changed, changeMs] = await timed(() =>
      a.inject({
        method: 'PUT',
        url: `/api/v1/authentication/accounts/${accountId}/password`,
        headers: bearer(session.access_token),
        payload: { oldPassword: DEMO.password, newPassword: 'Nouveau-Mot2passe' },
      }),
    );
    console.info(
      `hardening: owner, signed-in password change: ${changed.statusCode} in ${changeMs} ms`,
    );

    const finalPassword = 'Encore-Un-2026x';
    const [signedIn, resetMs] = await timed(async () => {
      await resetByMail(database.db, b, finalPassword);
      return attempt(a, config, finalPassword);
    });
    console.info(
      `hardening: owner, reset then new browser: ${signedIn.statusCode} in ${resetMs} ms (mail delivery not included)`,
    );
  } finally {
    for (const app of apps) await app.close();
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await reportOwnerUnderAttack();
