// The staff tool (`npm run staff -- create`, the compiled dist/staff.js; docs/console.md
// « Comptes »): an account it creates on the server's PostgreSQL database must change its
// temporary password, and the password it prints opens the console's sign-in, whose next step is
// the second factor's enrolment; a word it does not expect is refused and creates nothing.
// PostgreSQL only: the tool and the app share the database.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect } from 'vitest';
import { apiTest } from '../support/api-test';
import { BACKENDS } from '../support/backends';
import { toolCommand } from '../support/built-server';
import { browser, locationOf, mustChangePassword, startStaffSignIn } from '../support/staff';

describe.skipIf(!BACKENDS.includes('postgres'))('the staff tool on postgres', () => {
  const it = apiTest
    .extend(
      'mustChange',
      ({ t }) =>
        (email: string) =>
          mustChangePassword(t.app.db, email),
    )
    .extend(
      'staffTool',
      ({ t }) =>
        (...args: string[]) =>
          promisify(execFile)(process.execPath, [...toolCommand('staff'), ...args], {
            cwd: path.resolve(import.meta.dirname, '../..'),
            env: { ...process.env, DATABASE_URL: t.database.url },
          }),
    )
    .override({ backend: 'postgres' });

  it('creates an account with the CLI whose printed password signs in', async ({
    t,
    mustChange,
    staffTool,
  }) => {
    const run = await staffTool(
      'create',
      '--email',
      'cli@courtage.test',
      '--name',
      'Claire Cli',
      '--role',
      'agent',
    );
    const password = /mot de passe temporaire\s*:\s*(\S+)/.exec(run.stdout)?.[1];
    expect(password).toBeTruthy();
    expect(await mustChange('cli@courtage.test')).toBe(true);
    const b = browser(t.app);
    const { interaction } = await startStaffSignIn(b);
    const sent = await b.post(`${interaction}/staff`, {
      email: 'cli@courtage.test',
      password: password!,
    });
    expect(sent.statusCode).toBe(303);
    expect(locationOf(sent)).toBe(`${interaction}/staff/enrol`);
  });
  it('refuses a word it does not expect, such as a name of two words without quotes', async ({
    t,
    staffTool,
  }) => {
    // Before: `--name Claire Dupont` read the name as « Claire » and left « Dupont » aside.
    await expect(
      staffTool(
        'create',
        '--email',
        'deux-mots@courtage.test',
        '--name',
        'Claire',
        'Dupont',
        '--role',
        'agent',
      ),
    ).rejects.toMatchObject({
      code: 2,
      stdout: expect.stringContaining('npm run staff -- create'),
    });
    const created = await t.app.db
      .selectFrom('staff_accounts')
      .select('email')
      .where('email', '=', 'deux-mots@courtage.test')
      .execute();
    expect(created).toEqual([]);
  });
});
