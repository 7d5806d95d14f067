// OpenTelemetry's traces (docs/operations.md « Traces », docs/decisions/0112-traces-with-
// opentelemetry.md, 0136-one-redaction-rule-for-logs-and-traces.md), loaded by server.ts only
// when an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT or its traces-only form), before any
// other module of the application: the official Node SDK exports spans over OTLP/HTTP to that
// endpoint, encoded as OTEL_EXPORTER_OTLP_PROTOCOL says (http/protobuf, the specification's
// default, or http/json; OTEL_SERVICE_NAME and the other OTEL_* variables are the SDK's own),
// with the maintained instrumentations of node:http (the requests answered and the webhooks
// sent), Fastify (@fastify/otel, which finds the bundled Fastify through its diagnostics channel)
// and pg (PostgreSQL's statements, only within a request's or a delivery's trace). Enforces:
// - every span is exported redacted (redacting-exporter.ts): no token, IBAN, email, typed text
//   or credential reaches the trace backend;
// - a `traceparent` a client sends starts nothing: the request is a new trace, sampled by this
//   server, unless the operator trusts what is in front (TRUST_TRACEPARENT, incoming-context.ts);
// - the balancer's probes make no span.
// The server is bundled (docs/decisions/0096-…): every package here is imported dynamically, so it
// stays in node_modules, and import-in-the-middle's loader hook is registered first, so the
// modules loaded after it (pg) are the instrumented ones. node:http and node:https are patched
// once, through require-in-the-middle: the bundle both imports them (the server's own code) and
// requires them (its CommonJS dependencies), and letting the loader hook patch the import too
// wrapped `https.request` twice, two client spans for each webhook (open-telemetry/
// opentelemetry-js#6428, fixed in a line that needs Node.js 22.15). The import's default export is
// the object require patches, so both see the one patch.
import { createRequire, register } from 'node:module';
import type { TelemetryConfig } from '../../config/observability';
import { outgoingOnly } from './incoming-context';
import { redactingExporter } from './redacting-exporter';
import { installTraceBridge } from './trace-context';

export interface Telemetry {
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

const PROBES = new Set(['/healthz', '/readyz']);
const PATCHED_BY_REQUIRE = ['node:http', 'node:https'];

async function otlpExporter(protocol: TelemetryConfig['protocol']) {
  if (protocol === 'http/json') {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    return new OTLPTraceExporter();
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  return new OTLPTraceExporter();
}

export async function startTelemetry(settings: TelemetryConfig): Promise<Telemetry> {
  register('import-in-the-middle/hook.mjs', import.meta.url, {
    data: { exclude: PATCHED_BY_REQUIRE },
  });
  const [
    api,
    { NodeSDK, core, tracing },
    exporter,
    { HttpInstrumentation },
    { PgInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-node'),
    otlpExporter(settings.protocol),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const { default: FastifyOtelInstrumentation } = await import('@fastify/otel');
  const w3c = new core.W3CTraceContextPropagator();
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'espace-assure',
    spanProcessors: [new tracing.BatchSpanProcessor(redactingExporter(exporter))],
    ...(settings.trustTraceparent ? {} : { textMapPropagator: outgoingOnly(w3c) }),
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => PROBES.has(request.url?.split('?')[0] ?? ''),
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: (route) => PROBES.has(route.url),
      }),
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  const cjsRequire = createRequire(import.meta.url);
  for (const name of PATCHED_BY_REQUIRE) cjsRequire(name);
  const { context, trace, ROOT_CONTEXT, defaultTextMapGetter, defaultTextMapSetter } = api;
  installTraceBridge({
    traceparent() {
      const carrier: Record<string, string> = {};
      w3c.inject(context.active(), carrier, defaultTextMapSetter);
      return carrier.traceparent ?? null;
    },
    // A trace this server began (kept in an outbox row) is continued whatever TRUST_TRACEPARENT.
    within: (traceparent, work) =>
      context.with(w3c.extract(ROOT_CONTEXT, { traceparent }, defaultTextMapGetter), work),
    traceId: () => trace.getActiveSpan()?.spanContext().traceId,
  });
  return { shutdown: () => sdk.shutdown() };
}
