// The counters the server's own code adds to (docs/operations.md « Metrics »,
// docs/decisions/0110-metrics-on-their-own-port.md). Each process counts its own (shared-nothing:
// Prometheus sums the instances); what several instances share, the outbox's backlog, is read from
// the database at each scrape instead (plugins/metrics.ts). Labels take a few fixed values only:
// never an identifier, an address, an email or anything a customer typed.
import { Counter, Histogram, Registry } from 'prom-client';

/** This process's counters; plugins/metrics.ts merges it with the per-app registry. */
export const counters = new Registry();

export const signIns = new Counter<'outcome'>({
  name: 'espace_sign_ins_total',
  help: 'Customer sign-in attempts by outcome (success, wrong_password, throttled, invalid)',
  labelNames: ['outcome'],
  registers: [counters],
});

export const uploads = new Counter<'outcome'>({
  name: 'espace_uploads_total',
  help: 'Files received (outcome: stored, or the reason of a refusal)',
  labelNames: ['outcome'],
  registers: [counters],
});

export const uploadBytes = new Counter({
  name: 'espace_upload_bytes_total',
  help: 'Bytes of the files stored',
  registers: [counters],
});

export const outboxDelivered = new Counter<'channel'>({
  name: 'espace_outbox_delivered_total',
  help: 'Outbox rows delivered, per channel (mail, webhook, amqp)',
  labelNames: ['channel'],
  registers: [counters],
});

export const outboxFailures = new Counter<'channel' | 'final'>({
  name: 'espace_outbox_failures_total',
  help: 'Outbox deliveries that failed, per channel; final="true" when the row was given up',
  labelNames: ['channel', 'final'],
  registers: [counters],
});

export const queryDuration = new Histogram<'outcome'>({
  name: 'espace_db_query_duration_seconds',
  help: 'Duration of each database statement (outcome: ok or error)',
  labelNames: ['outcome'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  registers: [counters],
});

// The series exist from the start at zero, so a rate or an alert has something to read.
for (const outcome of ['success', 'wrong_password', 'throttled', 'invalid'] as const)
  signIns.inc({ outcome }, 0);
uploads.inc({ outcome: 'stored' }, 0);
for (const channel of ['mail', 'webhook', 'amqp']) {
  outboxDelivered.inc({ channel }, 0);
  outboxFailures.inc({ channel, final: 'false' }, 0);
  outboxFailures.inc({ channel, final: 'true' }, 0);
}
