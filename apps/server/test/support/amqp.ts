// The RabbitMQ the message broker tests publish to (127.0.0.1:5672 guest/guest unless
// TEST_AMQP_URL says otherwise), and a port in front of it that the test opens and shuts: shut,
// the server meets a broker that does not answer (connection refused, or its connection cut);
// open again, the same URL reaches the real broker.
import { randomUUID } from 'node:crypto';
import net, { type Server, type Socket } from 'node:net';
import { connect, type ConsumeMessage } from 'amqplib';
import { freePort } from './free-port';

export const BROKER_URL = process.env.TEST_AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

/** Whether a broker accepts a connection at `url` (AMQP handshake included). */
export async function brokerAnswers(url = BROKER_URL): Promise<boolean> {
  try {
    const connection = await connect(url, { timeout: 1000 });
    await connection.close();
    return true;
  } catch {
    return false;
  }
}

/** A test's own exchange and an exclusive queue bound to it, collecting every message. */
export async function listenToExchange(pattern = '#') {
  const exchange = `espace-assure.test.${randomUUID()}`;
  const connection = await connect(BROKER_URL);
  const channel = await connection.createChannel();
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true });
  await channel.bindQueue(queue, exchange, pattern);
  const received: ConsumeMessage[] = [];
  await channel.consume(queue, (message) => message && received.push(message), { noAck: true });
  return {
    exchange,
    received,
    /** The messages received whose JSON body has `data.reference` = `reference`. */
    about: (reference: string) =>
      received.filter(
        (m) =>
          (JSON.parse(m.content.toString()) as { data?: { reference?: string } }).data
            ?.reference === reference,
      ),
    /** Removes the queue and the exchange this test made, nothing else. */
    async remove() {
      await channel.deleteQueue(queue);
      await channel.deleteExchange(exchange);
      await connection.close();
    },
  };
}

async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as net.AddressInfo).port;
}

/** A TCP port forwarding to the broker, which the test shuts (cutting live connections) and reopens. */
export async function brokerPort() {
  const target = new URL(BROKER_URL);
  const sockets = new Set<Socket>();
  const clients = new Set<Socket>();
  let accepted = 0;
  let server: Server | undefined;
  const serve = () =>
    net.createServer((client) => {
      accepted += 1;
      clients.add(client);
      client.on('close', () => clients.delete(client));
      const upstream = net.connect(Number(target.port || 5672), target.hostname);
      for (const [a, b] of [
        [client, upstream],
        [upstream, client],
      ] as const) {
        sockets.add(a);
        a.pipe(b);
        a.on('error', () => b.destroy());
        a.on('close', () => {
          sockets.delete(a);
          b.destroy();
        });
      }
    });
  server = serve();
  // Below the kernel's ephemeral range: `reopen` listens on this port again, which a port handed
  // out by the kernel could meanwhile be given to another socket.
  const port = await listen(server, await freePort());
  const url = new URL(BROKER_URL);
  url.port = String(port);
  return {
    /** The broker's URL through this port (its user and password included). */
    url: url.href,
    /** Connections accepted so far. */
    accepted: () => accepted,
    /** Connections open now. */
    open: () => clients.size,
    async shut() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      server = undefined;
    },
    async reopen() {
      server = serve();
      await listen(server, port);
    },
  };
}
