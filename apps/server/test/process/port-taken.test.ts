// The ports of the servers the tests start (support/free-port.ts, support/portal-process.ts): drawn
// where the kernel never hands one out by itself, and a server whose port another socket took
// before it could bind it is started again on another, instead of failing the test that needed it.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { startPortal, stopped, type Portal } from '../support/portal-process';
import { seededFolderCopy } from '../support/seeded-folder';

const ephemeralStart = Number(
  readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0],
);

/** A listener that accepts and never answers; closing it drops what it accepted. */
function squatter(): Promise<{ port: number; close(): Promise<unknown> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => sockets.add(socket));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as net.AddressInfo).port,
        close() {
          for (const socket of sockets) socket.destroy();
          return new Promise((closed) => server.close(closed));
        },
      }),
    );
  });
}

describe('the ports of the servers the tests start', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  }, 30_000);

  it('are drawn below the range from which the kernel hands ports to everyone else', async () => {
    const ports = await Promise.all(Array.from({ length: 200 }, () => freePort()));
    expect(ports.filter((port) => port < 10_000 || port >= ephemeralStart)).toEqual([]);
    // Nothing listens on them: each can be bound.
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });

  it('start a server again on another port when its own was taken before it bound it', async () => {
    // The race the draw below the ephemeral range makes rare: the port drawn, then taken.
    const other = await squatter();
    cleanups.push(() => other.close());
    const taken = other.port;
    const drawn: number[] = [];
    const drawPort = async () => {
      const port = drawn.length === 0 ? taken : await freePort();
      drawn.push(port);
      return port;
    };
    const { dataDir, env } = await seededFolderCopy('espace-port-taken-');
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const portal: Portal = await startPortal(
      {
        ...env,
        PUBLIC_URL: 'http://localhost:3000',
      },
      [],
      undefined,
      drawPort,
    );
    cleanups.push(() => stopped(portal.child, 'SIGTERM'));
    expect(drawn).toHaveLength(2);
    expect(new URL(portal.url).port).toBe(String(drawn[1]));
    expect((await fetch(`${portal.url}/readyz`)).status).toBe(200);
  }, 120_000);
});
