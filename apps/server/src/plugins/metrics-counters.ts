// prom-client's counters behind the forwarders of platform/metrics/metrics.ts, made when the
// metrics are on (plugins/metrics.ts), in `registry`. Created at 0, so a rate() or an alert has a
// series from the start.
import { Counter, Histogram, type Registry } from 'prom-client';
import {
  outboxDelivered,
  outboxFailures,
  signIns,
  uploadBytes,
  uploads,
} from '../platform/metrics/metrics';

const CHANNELS = ['mail', 'webhook', 'amqp', 'export'];

/** Makes the counters in `registry` and points the forwarders at them; the statements' histogram. */
export function installCounters(registry: Registry): Histogram<'outcome'> {
  signIns.target = new Counter({
    name: 'espace_sign_ins_total',
    help: 'Customer sign-in attempts by outcome (success, wrong_password, throttled, invalid)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  for (const outcome of ['success', 'wrong_password', 'throttled', 'invalid'])
    signIns.target.inc({ outcome }, 0);
  uploads.target = new Counter({
    name: 'espace_uploads_total',
    help: 'Files received (outcome: stored, or the reason of a refusal)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  uploads.target.inc({ outcome: 'stored' }, 0);
  uploadBytes.target = new Counter({
    name: 'espace_upload_bytes_total',
    help: 'Bytes of the files stored',
    registers: [registry],
  });
  outboxDelivered.target = new Counter({
    name: 'espace_outbox_delivered_total',
    help: 'Outbox rows delivered, per channel (mail, webhook, amqp)',
    labelNames: ['channel'],
    registers: [registry],
  });
  outboxFailures.target = new Counter({
    name: 'espace_outbox_failures_total',
    help: 'Outbox deliveries that failed, per channel; final="true" when the row was given up',
    labelNames: ['channel', 'final'],
    registers: [registry],
  });
  for (const channel of CHANNELS) {
    outboxDelivered.target.inc({ channel }, 0);
    outboxFailures.target.inc({ channel, final: 'false' }, 0);
    outboxFailures.target.inc({ channel, final: 'true' }, 0);
  }
  return new Histogram({
    name: 'espace_db_query_duration_seconds',
    help: 'Duration of each database statement (outcome: ok or error)',
    labelNames: ['outcome'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
}
