// The metrics part of the configuration (config.ts, docs/operations.md « Metrics »): the
// Prometheus endpoint is served on a port of its own, never on the public one, and only when
// METRICS_PORT is set; METRICS_HOST is the address it listens on (loopback unless told, so
// only the machine itself or a private interface named here reaches it). The traces' variables
// (OTEL_*) are OpenTelemetry's own, read by its SDK (platform/telemetry/).
import { z } from 'zod';

export const metricsEnv = {
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Traces exported over OTLP/HTTP there (platform/telemetry/start.ts); none without it. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
};

export interface MetricsConfig {
  /** Where GET /metrics answers (plugins/metrics.ts, server.ts); undefined: no metrics. */
  metrics: { port: number; host: string } | undefined;
  /** OpenTelemetry's traces are on (OTEL_EXPORTER_OTLP_ENDPOINT is set). */
  telemetry: boolean;
}

export function metricsConfig(e: z.infer<z.ZodObject<typeof metricsEnv>>): MetricsConfig {
  return {
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    telemetry: e.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined,
  };
}
