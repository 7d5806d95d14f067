// The embedded database's own thread (db/client.ts): PGlite opened on its data folder, answering
// the PostgreSQL wire protocol on a Unix socket (@electric-sql/pglite-socket), so the server
// speaks `pg` to it as to a PostgreSQL server and a long query never holds the request thread.
// One connection only: PGlite has one session, and the socket server would otherwise interleave
// the extended-protocol messages of two clients. The parent asks it to stop with 'close'.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface PgliteWorkerData {
  dataDir: string;
  socketPath: string;
}

const { dataDir, socketPath } = workerData as PgliteWorkerData;
const pglite = await PGlite.create(dataDir, { extensions: { unaccent } });
const server = new PGLiteSocketServer({ db: pglite, path: socketPath, maxConnections: 1 });
await server.start();
parentPort!.on('message', (message) => {
  if (message !== 'close') return;
  void server
    .stop()
    .then(() => pglite.close())
    .then(() => parentPort!.postMessage('closed'));
});
parentPort!.postMessage('ready');
