// Figures: the server's peak memory while receiving 10 MB uploads, against its idle
// figure (goal: under 2 MB more per concurrent upload, since files are streamed to storage and
// never buffered whole), and upload throughput on loopback. The server runs in a child process
// (upload-server.ts) so that only its memory is measured (resident set size from /proc).
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const FILE_BYTES = 10_000_000;
const CHUNK = 64 * 1024;
const BOUNDARY = '----espace-bench-boundary';
const POLICY = 'AU2026104512';

interface Server {
  port: number;
  token: string;
  accountId: string;
  dataDir: string;
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

/** One upload of `size` bytes (a PDF header, then spaces), generated as it is sent. */
function upload(server: Server, size: number): Promise<number> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nautre\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="upfile"; filename="bench.pdf"\r\n` +
      'Content-Type: application/pdf\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const pdfHead = Buffer.from('%PDF-1.4\n%');
  const filler = Buffer.alloc(CHUNK, 0x20);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: `/api/v1/document/accounts/${server.accountId}/policy/${POLICY}/uploadfile`,
        headers: {
          authorization: `Bearer ${server.token}`,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.write(Buffer.concat([head, pdfHead]));
    let left = size - pdfHead.length;
    const pump = () => {
      while (left > 0) {
        const piece = left >= CHUNK ? filler : filler.subarray(0, left);
        left -= piece.length;
        if (!request.write(piece)) return void request.once('drain', pump);
      }
      request.end(tail);
    };
    pump();
  });
}

async function idleRss(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    samples.push(rssBytes(pid));
    await new Promise((r) => setTimeout(r, 25));
  }
  return Math.min(...samples);
}

async function round(server: Server, pid: number, concurrent: number) {
  const idle = await idleRss(pid);
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 2);
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: concurrent }, () => upload(server, FILE_BYTES)),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  if (statuses.some((s) => s !== 201)) throw new Error(`uploads answered ${statuses.join(', ')}`);
  return { idle, peak, seconds };
}

const mb = (bytes: number) => (bytes / 1_000_000).toFixed(1);

export async function reportUploadFigures(): Promise<void> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'upload-server.ts'), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const server = await new Promise<Server>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Server));
    child.once('exit', (code) => reject(new Error(`upload server exited with ${code}`)));
  });
  const pid = child.pid!;
  try {
    // The first upload also pays for compiling and for buffers the process keeps afterwards.
    const cold = await round(server, pid, 1);
    console.info(
      `Upload memory, first 10 MB upload (cold): idle ${mb(cold.idle)} MB, peak ${mb(cold.peak)} MB, ` +
        `+${mb(cold.peak - cold.idle)} MB`,
    );
    for (const concurrent of [1, 4, 8]) {
      const { idle, peak, seconds } = await round(server, pid, concurrent);
      const growth = peak - idle;
      console.info(
        `Upload memory, ${concurrent} × 10 MB at once: idle ${mb(idle)} MB, peak ${mb(peak)} MB, ` +
          `+${mb(growth)} MB (${mb(growth / concurrent)} MB per upload; goal < 2 MB)`,
      );
      console.info(
        `Upload throughput on loopback, ${concurrent} at once: ` +
          `${((concurrent * FILE_BYTES) / 1_000_000 / seconds).toFixed(0)} MB/s ` +
          `(${seconds.toFixed(2)} s)`,
      );
    }
  } finally {
    child.disconnect();
    await new Promise((r) => child.once('exit', r));
    rmSync(server.dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await reportUploadFigures();
