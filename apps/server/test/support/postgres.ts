// The PostgreSQL server the API suite also runs on, when it answers (127.0.0.1:5432 unless
// TEST_POSTGRES_URL says otherwise): how to reach it and run an administrative statement.
import net from 'node:net';
import pg from 'pg';

export const POSTGRES_ADMIN_URL =
  process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function postgresAnswers(url = POSTGRES_ADMIN_URL, timeoutMs = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The URL of another database on the same server. */
export function postgresUrl(database: string): string {
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

/** Runs statements (create/drop database cannot run in a transaction) on the admin database. */
export async function adminQuery<Row extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
): Promise<Row[]> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    return (await admin.query<Row>(text)).rows;
  } finally {
    await admin.end();
  }
}
