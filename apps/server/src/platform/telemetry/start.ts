// OpenTelemetry's traces (docs/operations.md « Traces », docs/decisions/0112-traces-with-
// opentelemetry.md), loaded by server.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set, before
// any other module of the application: the official Node SDK exports spans over OTLP/HTTP to that
// endpoint (OTEL_SERVICE_NAME and the other OTEL_* variables are the SDK's own), with the
// maintained instrumentations of node:http (the requests answered and the webhooks sent),
// Fastify (@fastify/otel, which finds the bundled Fastify through its diagnostics channel) and
// pg (PostgreSQL's statements). The server is bundled (docs/decisions/0096-…): every package here
// is imported dynamically, so it stays in node_modules, and import-in-the-middle's loader hook is
// registered first, so the modules loaded after it (node:http, pg) are the instrumented ones.
import { register } from 'node:module';
import { installTraceBridge } from './trace-context';

export interface Telemetry {
  /** Sends the spans still buffered, then stops. */
  shutdown(): Promise<void>;
}

export async function startTelemetry(): Promise<Telemetry> {
  register('import-in-the-middle/hook.mjs', import.meta.url);
  const [api, { NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-pg'),
    ]);
  const { default: FastifyOtelInstrumentation } = await import('@fastify/otel');
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME ?? 'espace-assure',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({
        // The balancer's probes are not traced.
        ignoreIncomingRequestHook: (request) => /^\/(healthz|readyz)\b/.test(request.url ?? ''),
      }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  const { context, propagation, trace, ROOT_CONTEXT } = api;
  installTraceBridge({
    traceparent() {
      const carrier: Record<string, string> = {};
      propagation.inject(context.active(), carrier);
      return carrier.traceparent ?? null;
    },
    within: (traceparent, work) =>
      context.with(propagation.extract(ROOT_CONTEXT, { traceparent }), work),
    traceId: () => trace.getActiveSpan()?.spanContext().traceId,
  });
  return { shutdown: () => sdk.shutdown() };
}
