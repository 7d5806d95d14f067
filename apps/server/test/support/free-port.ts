// A port for a server a test starts in another process (the compiled portal, HAProxy,
// Prometheus), shared by the server's process tests, the browser tests and the benches.
//
// The port is probed free here but bound by the child seconds later, after its start-up. A port
// the kernel hands out (`listen(0)`) comes from its ephemeral range, from which it goes on handing
// ports to every other socket on the machine meanwhile: the webhook receivers, S3 and SMTP
// servers of the tests running beside (three Vitest workers and the browser tests), each
// `listen(0)`. Drawn that way, about one port in 500 came back within the next 20 draws here, and
// a child that finds its port taken dies at start on « address already in use ». So the port is
// drawn below that range, where the kernel never picks one by itself: only another test's draw
// can meet it, one chance in about 20,000 per pair.
import { randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';

/** The lowest port drawn: above the well-known and most registered services' ports. */
const LOWEST = 10_000;

/** The start of the kernel's ephemeral range (`ip_local_port_range`), 32768 by default. */
function ephemeralStart(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low && Number.isInteger(low)) return low;
  } catch {
    // Not Linux: the IANA's range starts at 49152.
    return 49_152;
  }
  return 32_768;
}

/** Whether nothing listens on `port` of 127.0.0.1 now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A port nothing listens on now, outside the kernel's ephemeral range when it leaves room. */
export async function freePort(): Promise<number> {
  const end = ephemeralStart();
  if (end - LOWEST >= 1_000)
    for (let tries = 0; tries < 50; tries++) {
      const port = LOWEST + randomInt(end - LOWEST);
      if (await bindable(port)) return port;
    }
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
