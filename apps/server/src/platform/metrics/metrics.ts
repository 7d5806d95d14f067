// The counts the server's own code makes (docs/operations.md « Metrics »,
// docs/decisions/0110-metrics-on-their-own-port.md). Each is a forwarder that counts nowhere until
// the metrics are on: plugins/metrics-counters.ts then gives it prom-client's counter, so without
// METRICS_PORT prom-client is never loaded. Each process counts its own (shared-nothing:
// Prometheus sums the instances); what several instances share, the outbox's backlog, is read
// from the database at each scrape instead (plugins/metrics.ts). Labels take a few fixed values
// only: never an identifier, an address, an email or anything a customer typed.
import type { Counter } from 'prom-client';

function forwarder<L extends string>() {
  const sink = {
    target: undefined as Counter<L> | undefined,
    inc(labels: Partial<Record<L, string>>, value?: number) {
      sink.target?.inc(labels, value);
    },
  };
  return sink;
}

/** Customers' sign-in attempts: success, wrong_password, throttled, invalid. */
export const signIns = forwarder<'outcome'>();
/** Files received: stored, or the refusal's reason. */
export const uploads = forwarder<'outcome'>();
/** Bytes of the files stored (no label). */
export const uploadBytes = forwarder();
/** Outbox rows delivered, per channel. */
export const outboxDelivered = forwarder<'channel'>();
/** Failed deliveries, per channel; final="true" when the row was given up. */
export const outboxFailures = forwarder<'channel' | 'final'>();
