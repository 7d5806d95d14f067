// The trace a piece of work belongs to, as the rest of the server sees it (docs/operations.md
// « Traces », docs/decisions/0112-traces-with-opentelemetry.md). Without an OTLP endpoint
// (OTEL_EXPORTER_OTLP_ENDPOINT…) nothing of OpenTelemetry is loaded: these functions answer null
// and run their callback as is. With it, start.ts installs the bridge: the W3C `traceparent` of the
// active span (kept in an outbox row, so its delivery joins the request's trace), a callback run
// under a stored `traceparent`, and the active trace's id (the request id of the logs).
export interface TraceBridge {
  traceparent(): string | null;
  within<T>(traceparent: string, work: () => Promise<T>): Promise<T>;
  traceId(): string | undefined;
}

let bridge: TraceBridge | undefined;

export function installTraceBridge(installed: TraceBridge): void {
  bridge = installed;
}

/** The active span's `traceparent`, or null (no traces, or no span). */
export function currentTraceparent(): string | null {
  return bridge?.traceparent() ?? null;
}

/** Runs `work` as part of the trace `traceparent` names (when traces are on and it is given). */
export function withinTrace<T>(traceparent: string | null, work: () => Promise<T>): Promise<T> {
  return bridge && traceparent ? bridge.within(traceparent, work) : work();
}

/** The active trace's id (32 hex digits), when traces are on. */
export function activeTraceId(): string | undefined {
  return bridge?.traceId();
}
