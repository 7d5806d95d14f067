// The metrics and traces part of the configuration (config.ts, docs/operations.md « Metrics,
// traces and alerts »): the Prometheus endpoint is served on a port of its own, never on the
// public one, and only when METRICS_PORT is set; METRICS_HOST is the address it listens on
// (loopback unless told, so only the machine itself or a private interface named here reaches
// it). Traces are exported only when an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT, or
// the traces' own OTEL_EXPORTER_OTLP_TRACES_ENDPOINT), over OTLP/HTTP in the encoding
// OpenTelemetry's own variables name (the traces-only one first; gRPC is refused, its exporter is
// not loaded); the SDK reads its other OTEL_* variables itself (platform/telemetry/).
// TRUST_TRACEPARENT lets a request's `traceparent` continue a trace (platform/telemetry/
// incoming-context.ts): only behind a balancer that sets or removes that header itself.
import { z } from 'zod';
import { booleanFlag } from './boolean-flag';

const otlpProtocol = z.enum(['http/protobuf', 'http/json'], {
  error: 'http/protobuf ou http/json (gRPC n’est pas pris en charge)',
});

export const metricsEnv = {
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Traces exported over OTLP/HTTP there (platform/telemetry/start.ts); none without it. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /** Or to this URL, the traces' own (…/v1/traces), read by the SDK as it is. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol.default('http/protobuf'),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol.optional(),
  TRUST_TRACEPARENT: booleanFlag.default(false),
};

export interface TelemetryConfig {
  /** How the spans are encoded on the wire. */
  protocol: 'http/protobuf' | 'http/json';
  /** A request's `traceparent` continues its trace (else each request starts one). */
  trustTraceparent: boolean;
}

export interface MetricsConfig {
  /** Where GET /metrics answers (plugins/metrics.ts, server.ts); undefined: no metrics. */
  metrics: { port: number; host: string } | undefined;
  /** OpenTelemetry's traces, when an OTLP endpoint is set; undefined: none. */
  telemetry: TelemetryConfig | undefined;
}

export function metricsConfig(e: z.infer<z.ZodObject<typeof metricsEnv>>): MetricsConfig {
  return {
    metrics: e.METRICS_PORT ? { port: e.METRICS_PORT, host: e.METRICS_HOST } : undefined,
    telemetry:
      e.OTEL_EXPORTER_OTLP_ENDPOINT === undefined &&
      e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT === undefined
        ? undefined
        : {
            protocol: e.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? e.OTEL_EXPORTER_OTLP_PROTOCOL,
            trustTraceparent: e.TRUST_TRACEPARENT,
          },
  };
}
