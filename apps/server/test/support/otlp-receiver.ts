// An OpenTelemetry collector's OTLP/HTTP trace receiver for the tests (docs/operations.md
// « Traces »): POST /v1/traces in either encoding the specification defines, protobuf
// (`application/x-protobuf`, an ExportTraceServiceRequest decoded with the code OpenTelemetry
// generates from its .proto files, shipped in @opentelemetry/otlp-transformer) or JSON
// (`application/json`: ids in hex, enums as numbers), answered 200 as a collector does. It keeps
// every span, flattened (ids in hex, attribute values unwrapped, its scope's name), the encoding
// each request came in, and each request's body as received, so a test can search the bytes that
// crossed the wire as well as the decoded spans.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import generatedRoot from '@opentelemetry/otlp-transformer/build/src/generated/root.js';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** 1 internal, 2 server, 3 client. */
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
  events: { name: string; attributes: Record<string, unknown> }[];
  status?: { code?: number; message?: string };
}

export interface OtlpReceiver {
  url: string;
  spans: ReceivedSpan[];
  /** Each request's content type and body, as they arrived. */
  requests: { contentType: string; body: Buffer }[];
  close(): Promise<void>;
}

interface KeyValue {
  key: string;
  value?: Record<string, unknown>;
}
interface WireSpan {
  traceId: string | Uint8Array;
  spanId: string | Uint8Array;
  parentSpanId?: string | Uint8Array;
  name: string;
  kind?: number;
  attributes?: KeyValue[];
  events?: { name: string; attributes?: KeyValue[] }[];
  status?: { code?: number; message?: string };
}
interface WireRequest {
  resourceSpans?: { scopeSpans?: { scope?: { name: string }; spans?: WireSpan[] }[] }[];
}
interface MessageType {
  decode(body: Uint8Array): unknown;
  toObject(message: unknown, options: { longs: unknown; enums: unknown }): WireRequest;
}

const generated = generatedRoot as unknown as {
  opentelemetry: { proto: { collector: { trace: { v1: Record<string, MessageType> } } } };
};
const ExportTraceServiceRequest =
  generated.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest!;

/** An AnyValue as its plain value (string, number, boolean, array of them). */
function plain(value: Record<string, unknown> | undefined): unknown {
  if (!value) return undefined;
  const [kind, inner] = Object.entries(value)[0] ?? [];
  if (kind === 'arrayValue')
    return ((inner as { values?: Record<string, unknown>[] }).values ?? []).map(plain);
  return inner;
}

const attributesOf = (list: KeyValue[] = []) =>
  Object.fromEntries(list.map((a) => [a.key, plain(a.value)]));
const hex = (id: string | Uint8Array | undefined) =>
  id === undefined || typeof id === 'string' ? id : Buffer.from(id).toString('hex');

function decode(contentType: string, body: Buffer): WireRequest {
  if (contentType.startsWith('application/x-protobuf'))
    return ExportTraceServiceRequest.toObject(ExportTraceServiceRequest.decode(body), {
      longs: String,
      enums: Number,
    });
  if (contentType.startsWith('application/json')) return JSON.parse(body.toString('utf8'));
  throw new Error(`OTLP: unknown content type ${contentType}`);
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const receiver: OtlpReceiver = { url: '', spans: [], requests: [], close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/v1/traces') {
        response.writeHead(404).end();
        return;
      }
      const contentType = request.headers['content-type'] ?? '';
      const body = Buffer.concat(chunks);
      receiver.requests.push({ contentType, body });
      let decoded: WireRequest;
      try {
        decoded = decode(contentType, body);
      } catch (err) {
        response.writeHead(400, { 'content-type': 'text/plain' }).end(String(err));
        return;
      }
      for (const resource of decoded.resourceSpans ?? [])
        for (const scoped of resource.scopeSpans ?? [])
          for (const span of scoped.spans ?? [])
            receiver.spans.push({
              traceId: hex(span.traceId)!,
              spanId: hex(span.spanId)!,
              ...(hex(span.parentSpanId) ? { parentSpanId: hex(span.parentSpanId) } : {}),
              name: span.name,
              kind: span.kind ?? 0,
              scope: scoped.scope?.name ?? '',
              attributes: attributesOf(span.attributes),
              events: (span.events ?? []).map((e) => ({
                name: e.name,
                attributes: attributesOf(e.attributes),
              })),
              ...(span.status ? { status: span.status } : {}),
            });
      // A collector answers an ExportTraceServiceResponse, empty when all was accepted.
      if (contentType.startsWith('application/json'))
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      else response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}
