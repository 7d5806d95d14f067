// Every span leaves the process through this exporter (start.ts), which hands the OTLP exporter a
// copy of each span passed through the redaction rule the request log uses
// (platform/redaction/redaction.ts, docs/decisions/0136-one-redaction-rule-for-logs-and-traces.md):
// its name, its attributes (the URL of node:http's and Fastify's spans with its query, pg's
// statement, a webhook's address), its events' attributes (an exception's message and stack),
// its links' attributes and its status message. The spans themselves are left as they are: other
// processors may still read them.
import type { core, tracing } from '@opentelemetry/sdk-node';
import { redactAttributes, redactText, redactUrl } from '../redaction/redaction';

type Attributes = tracing.ReadableSpan['attributes'];

const redacted = (attributes: Attributes | undefined) => attributes && redactAttributes(attributes);

function redactSpan(span: tracing.ReadableSpan): tracing.ReadableSpan {
  const { status } = span;
  return {
    name: redactUrl(span.name),
    kind: span.kind,
    spanContext: () => span.spanContext(),
    parentSpanContext: span.parentSpanContext,
    startTime: span.startTime,
    endTime: span.endTime,
    status:
      status.message === undefined ? status : { ...status, message: redactText(status.message) },
    attributes: redactAttributes(span.attributes),
    links: span.links.map((link) => ({ ...link, attributes: redacted(link.attributes) })),
    events: span.events.map((event) => ({ ...event, attributes: redacted(event.attributes) })),
    duration: span.duration,
    ended: span.ended,
    resource: span.resource,
    instrumentationScope: span.instrumentationScope,
    droppedAttributesCount: span.droppedAttributesCount,
    droppedEventsCount: span.droppedEventsCount,
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** `exporter`, given redacted copies of the spans it is asked to send. */
export function redactingExporter(exporter: tracing.SpanExporter): tracing.SpanExporter {
  return {
    export: (spans, done: (result: core.ExportResult) => void) =>
      exporter.export(spans.map(redactSpan), done),
    shutdown: () => exporter.shutdown(),
    forceFlush: () => exporter.forceFlush?.() ?? Promise.resolve(),
  };
}
