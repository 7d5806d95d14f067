// No staff member acts as another, and the journal shows an edit, on the compiled server and
// its compiled staff tool (docs/decisions/0092-staff-reset-by-mail-and-tamper-evident-journal.md),
// as the issue checks it: a supervisor who reset an agent's second factor cannot sign in as the
// agent with the password they knew, nor enrol from a sign-in begun before; the agent gets the
// link by mail (a real SMTP server), sets a password, enrols, and the journal has the reset and
// the re-enrolment under the right names. The database refuses an UPDATE and a DELETE of a
// journal row; a row changed with the triggers disabled (as an administrator could) is reported
// by `npm run staff -- verify-journal` (exit 1, the entry) and by the console's API. The tool's
// `reset-2fa` mails the link with SMTP_URL and prints it without, saying so in the journal.
// PostgreSQL only: PGlite's folder is opened by one process at a time, so the tool could not run
// while the server does; skipped, saying so, without it.
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { AuditIntegrity } from '@espace/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS } from '../support/backends';
import { toolCommand } from '../support/built-server';
import { consoleCall } from '../support/console';
import { startMailServer } from '../support/mail-server-stand-in';
import { overHttp, startPortal, stopped, type Portal } from '../support/portal-process';
import { mailedLink, mailsTo, setPasswordByLink, signInAndEnrol } from '../support/staff-link';
import {
  browser,
  createStaff,
  locationOf,
  signInStaff,
  startStaffSignIn,
  type TestStaff,
} from '../support/staff';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const enabled = BACKENDS.includes('postgres');
if (!enabled)
  console.info('Staff reset on the compiled server skipped: no PostgreSQL leg in this run.');

const CHOSEN = 'Retour-au-Bureau-2027!';
const PUBLIC_URL = 'http://localhost:3000';

describe.skipIf(!enabled)('staff reset and journal on the compiled server (postgres)', () => {
  let database: TestDatabase;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let dataDir: string;
  let env: Record<string, string>;
  let portal: Portal;
  let app: FastifyInstance;
  let supervisor: TestStaff & { cookie: string };

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    mail = await startMailServer();
    dataDir = await mkdtemp(path.join(tmpdir(), 'espace-staff-reset-'));
    env = {
      NODE_ENV: 'test',
      PUBLIC_URL,
      DATABASE_URL: database.url!,
      SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      CUSTOMER_SERVICE_EMAIL: 'service-client@courtage-horizon.test',
    };
    portal = await startPortal({ ...env, DATA_DIR: dataDir });
    // The harness's helpers over real HTTP, with the database for the TOTP steps used.
    app = Object.assign(overHttp(portal.url), {
      db: database.handle.db,
      config: { publicUrl: PUBLIC_URL },
    }) as unknown as FastifyInstance;
    const staff = await createStaff(database.handle.db, { role: 'supervisor' });
    supervisor = { ...staff, cookie: await signInStaff(app, staff) };
  }, 120_000);
  afterAll(async () => {
    if (portal) await stopped(portal.child, 'SIGKILL');
    await new Promise<void>((resolve) => (mail ? mail.server.close(() => resolve()) : resolve()));
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** `npm run staff -- …`, the compiled tool, on the server's database: exit code and output. */
  const staffTool = async (extraEnv: Record<string, string>, ...args: string[]) => {
    try {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [...toolCommand('staff'), ...args],
        { env: { ...process.env, ...extraEnv, INIT_CWD: process.cwd(), LOG_LEVEL: 'silent' } },
      );
      return { code: 0, stdout };
    } catch (error) {
      const failed = error as { code: number; stdout: string };
      return { code: failed.code, stdout: failed.stdout };
    }
  };
  const passwordStep = async (email: string, password: string) => {
    const b = browser(app);
    const { interaction } = await startStaffSignIn(b);
    return { b, interaction, sent: await b.post(`${interaction}/staff`, { email, password }) };
  };
  const journal = (id: string) =>
    database.handle.db
      .selectFrom('staff_audit')
      .select(['staff_id', 'action', 'target_id', 'details'])
      .where((eb) => eb.or([eb('staff_id', '=', id), eb('target_id', '=', id)]))
      .where('action', 'in', [
        'staff.second_factor_reset',
        'staff.password_changed',
        'staff.enrolled',
      ])
      .orderBy('seq')
      .execute();

  it('a supervisor who reset an agent’s second factor cannot sign in as the agent nor enrol; the agent gets back in by the mailed link', async () => {
    const agent = await createStaff(database.handle.db, { role: 'agent' });
    const agentCookie = await signInStaff(app, agent);
    const early = await passwordStep(agent.email, agent.password);
    expect(locationOf(early.sent)).toBe(`${early.interaction}/staff/code`);

    const reset = await consoleCall(
      app,
      supervisor,
      'POST',
      `/staff/${agent.id}/second-factor-reset`,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ delivery: 'mail', email: agent.email });

    expect((await passwordStep(agent.email, agent.password)).sent.statusCode).toBe(401);
    const enrol = await early.b.get(`${early.interaction}/staff/enrol`);
    expect(locationOf(enrol)).toBe(early.interaction);
    expect((await consoleCall(app, { cookie: agentCookie }, 'GET', '/me')).statusCode).toBe(401);

    const { path: link } = await mailedLink(mail, agent.email);
    expect(mailsTo(mail, supervisor.email)).toEqual([]);
    expect((await setPasswordByLink(app, link, CHOSEN)).statusCode).toBe(200);
    const back = await signInAndEnrol(app, agent.email, CHOSEN);
    expect((await consoleCall(app, { cookie: back.cookie }, 'GET', '/me')).json()).toMatchObject({
      id: agent.id,
    });
    expect(await journal(agent.id)).toEqual([
      {
        staff_id: supervisor.id,
        action: 'staff.second_factor_reset',
        target_id: agent.id,
        details: { email: agent.email, delivery: 'mail' },
      },
      {
        staff_id: agent.id,
        action: 'staff.password_changed',
        target_id: agent.id,
        details: { via: 'link' },
      },
      { staff_id: agent.id, action: 'staff.enrolled', target_id: agent.id, details: null },
    ]);
  });

  it('the tool’s reset-2fa mails the link with SMTP_URL, and prints it without, saying so in the journal', async () => {
    const mailed = await createStaff(database.handle.db, { role: 'agent' });
    const withMail = await staffTool(env, 'reset-2fa', '--email', mailed.email);
    expect(withMail.code, withMail.stdout).toBe(0);
    expect(withMail.stdout).toContain('lui a été envoyé par e-mail');
    expect(withMail.stdout).not.toContain('token=');
    await mailedLink(mail, mailed.email);

    const printed = await createStaff(database.handle.db, { role: 'agent' });
    const { SMTP_URL: _smtp, ...noMail } = env;
    const withoutMail = await staffTool(noMail, 'reset-2fa', '--email', printed.email);
    expect(withoutMail.code, withoutMail.stdout).toBe(0);
    const link = /http:\/\/localhost:3000(\/interaction\/staff-link\?token=\S+)/.exec(
      withoutMail.stdout,
    );
    expect(link, withoutMail.stdout).not.toBeNull();
    expect((await browser(app).get(link![1]!)).statusCode).toBe(200);
    const [row] = await journal(printed.id);
    expect(row).toMatchObject({ staff_id: 'cli', details: { delivery: 'printed' } });
  });

  it('the database refuses an UPDATE and a DELETE of the journal; a row changed behind its back is reported by verify-journal and the console', async () => {
    const { db } = database.handle;
    await expect(
      sql`update staff_audit set action = 'x' where seq = 1`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from staff_audit where seq = 1`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    const intact = await staffTool(env, 'verify-journal');
    expect(intact.code, intact.stdout).toBe(0);
    expect(intact.stdout).toContain('Journal intact');
    const head = /Dernière entrée : (\d+:[0-9a-f]{64})/.exec(intact.stdout)![1]!;

    await sql`alter table staff_audit disable trigger user`.execute(db);
    await sql`update staff_audit set staff_email = 'quelquun@autre.test' where seq = 2`.execute(db);
    await sql`alter table staff_audit enable trigger user`.execute(db);

    const broken = await staffTool(env, 'verify-journal', '--expect', head);
    expect(broken.code, broken.stdout).toBe(1);
    expect(broken.stdout).toContain('JOURNAL MODIFIÉ (altered)');
    expect(broken.stdout).toContain('n° 2 ');
    const answer = await consoleCall(app, supervisor, 'GET', '/audit/integrity');
    expect(answer.json<AuditIntegrity>()).toMatchObject({
      intact: false,
      broken: { seq: '2', reason: 'altered' },
    });
  });
});
