// A real portal process (the compiled server, as `npm start` runs it) for the crash tests and the bench:
// started on a free port, signed in over real HTTP with the harness's flow, and killed with
// SIGKILL while an upload is being written.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SERVER_COMMAND } from './built-server';
import { BOUNDARY, partHead, samplePdf } from './documents';
import { freePort } from './free-port';

const POLICY = 'AU2026104512';

/**
 * `app.inject` over real HTTP, enough for the harness's sign-ins and the support modules' calls
 * (status, headers, cookies, a JSON, text or binary payload).
 */
export function overHttp(base: string): FastifyInstance {
  const inject = async (request: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: string | Buffer | object;
  }) => {
    const { payload } = request;
    const json = payload !== undefined && typeof payload === 'object' && !Buffer.isBuffer(payload);
    const response = await fetch(new URL(request.url, base), {
      method: request.method,
      headers: {
        ...(json ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
      body: json ? JSON.stringify(payload) : (payload as string | Buffer | undefined),
      redirect: 'manual',
    });
    const rawPayload = Buffer.from(await response.arrayBuffer());
    const body = rawPayload.toString('utf8');
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body,
      rawPayload,
      json: () => JSON.parse(body) as unknown,
      cookies: response.headers.getSetCookie().map((line) => {
        const [pair, ...attributes] = line.split(';');
        const eq = pair!.indexOf('=');
        const attribute = (name: string) =>
          attributes
            .find((a) => a.trim().toLowerCase().startsWith(`${name}=`))
            ?.split('=')[1]
            ?.trim();
        const expires = attribute('expires');
        const maxAge = attribute('max-age');
        return {
          name: pair!.slice(0, eq).trim(),
          value: pair!.slice(eq + 1),
          expires: expires ? new Date(expires) : undefined,
          maxAge: maxAge === undefined ? undefined : Number(maxAge),
        };
      }),
    };
  };
  return { inject } as unknown as FastifyInstance;
}

/** Whether `child` has ended, by itself (an exit code) or by a signal (a signal's name). */
const ended = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export interface Portal {
  child: ChildProcess;
  url: string;
}

/** How many times a server whose port was taken before it could bind it is started again. */
const PORT_TAKEN_ATTEMPTS = 3;

/**
 * The compiled server on a free port with `env`; `nodeArgs` go to node before the script. Its
 * port is drawn by `freePort` and bound seconds later: a server that died on « address already in
 * use » for its own port is started again on another (a race between two draws, not the product).
 */
export async function startPortal(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  /** Given the server's standard output (its log lines), which is otherwise only kept for errors. */
  onOutput?: (chunk: string) => void,
  /** Where its ports come from (test/process/port-taken.test.ts gives one already taken). */
  drawPort: () => Promise<number> = freePort,
): Promise<Portal> {
  for (let attempt = 1; ; attempt++) {
    const port = await drawPort();
    try {
      return await startOnPort(port, env, nodeArgs, onOutput);
    } catch (err) {
      const taken = err instanceof Error && err.message.includes(`EADDRINUSE`);
      if (!taken || !err.message.includes(`:${port}`) || attempt === PORT_TAKEN_ATTEMPTS) throw err;
    }
  }
}

async function startOnPort(
  port: number,
  env: Record<string, string>,
  nodeArgs: string[],
  onOutput: ((chunk: string) => void) | undefined,
): Promise<Portal> {
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...nodeArgs, ...SERVER_COMMAND], {
    env: {
      ...process.env,
      LOG_LEVEL: 'silent',
      WEB_DIST: '/nonexistent',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The end of both outputs (log lines on standard output, errors on standard error), to say why
  // a server did not start.
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', (chunk: Buffer) => {
    keep(chunk);
    onOutput?.(chunk.toString());
  });
  child.stderr!.on('data', keep);
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (ended(child)) {
      // Its last words may still be in the pipes.
      await new Promise((resolve) => setTimeout(resolve, 50));
      throw new Error(`The portal stopped (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    // Within a second: whatever else might listen on the port must not hold the loop.
    if (
      await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(1_000) }).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, url };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`The portal did not start:\n${output}`);
}

export function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (ended(child)) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

/**
 * Starts an upload of 2 MB, sends its first half, waits until the server writes it to a
 * temporary file in `documentsDir`, then kills the server with SIGKILL.
 */
export async function killMidUpload(
  portal: Portal,
  { token, accountId }: { token: string; accountId: string },
  documentsDir: string,
): Promise<void> {
  const pdf = Buffer.concat([await samplePdf(), randomBytes(2_000_000)]);
  const body = Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nmandat_sepa\r\n`,
    ),
    partHead({
      name: 'upfile',
      fileName: 'coupe.pdf',
      contentType: 'application/pdf',
      content: pdf,
    }),
    pdf,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  const socket = net.connect(new URL(portal.url).port as unknown as number, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/v1/document/accounts/${accountId}/policy/${POLICY}/uploadfile HTTP/1.1\r\n` +
      `Host: localhost\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${body.length}\r\n\r\n`,
  );
  socket.write(body.subarray(0, 1_000_000));
  const deadline = Date.now() + 10_000;
  while (!(await readdir(documentsDir)).some((n) => n.endsWith('.part'))) {
    if (Date.now() > deadline) throw new Error('The upload never reached the storage');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await stopped(portal.child, 'SIGKILL');
  socket.destroy();
}
