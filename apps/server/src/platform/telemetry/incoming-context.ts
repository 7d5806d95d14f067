// What a request's headers may say about its trace (docs/operations.md « Traces »,
// docs/decisions/0137-traces-start-at-the-edge.md). A `traceparent` from the internet would
// choose the request's id in the logs (its trace id) and whether it is sampled (the parent-based
// sampler follows the caller's flag): anyone could then flood the trace backend, or give their
// requests the id of another's. Unless TRUST_TRACEPARENT says what is in front sets the header
// itself, the propagator the SDK uses reads nothing from a request (each is a new trace, sampled
// here) and still writes the trace's context into what this server sends (a webhook).
import type { Context, TextMapPropagator } from '@opentelemetry/api';

/** `propagator` for what this server sends; nothing taken from what it receives. */
export function outgoingOnly(propagator: TextMapPropagator): TextMapPropagator {
  return {
    inject: (context, carrier, setter) => propagator.inject(context, carrier, setter),
    extract: (context: Context) => context,
    fields: () => propagator.fields(),
  };
}
