import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as an OTLP/HTTP JSON export carries it, with its service's name. */
export interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** SPAN_KIND_SERVER = 2, CLIENT = 3, PRODUCER = 4, CONSUMER = 5, INTERNAL = 1. */
  kind: number;
  attributes: Record<string, string | number | boolean>;
  /** The spans it is linked to (a batch's consumer to each message's producer). */
  links: { traceId: string; spanId: string }[];
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpKeyValue {
  key: string;
  value: OtlpValue;
}
interface ExportTraceServiceRequest {
  resourceSpans?: {
    resource?: { attributes?: OtlpKeyValue[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpKeyValue[];
        links?: { traceId: string; spanId: string }[];
      }[];
    }[];
  }[];
}

const valueOf = (value: OtlpValue) =>
  value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : (value.doubleValue ?? value.boolValue ?? ''));
const attributesOf = (list: OtlpKeyValue[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, valueOf(value)]));

/**
 * An OTLP/HTTP trace receiver (`POST /v1/traces`, the JSON encoding the Node SDK's
 * exporter sends), as a collector would be: keeps every span it is sent, for a test to read
 * the traces the apps made. Set OTEL_EXPORTER_OTLP_ENDPOINT to its `url`.
 */
export async function startOtlpReceiver() {
  const spans: ReceivedSpan[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces' || !String(req.headers['content-type']).startsWith('application/json')) {
        return void res.writeHead(415).end();
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ExportTraceServiceRequest;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = String(attributesOf(resourceSpans.resource?.attributes)['service.name'] ?? '');
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) {
            spans.push({
              service,
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              kind: span.kind,
              attributes: attributesOf(span.attributes),
              links: (span.links ?? []).map(({ traceId, spanId }) => ({ traceId, spanId })),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    /** The spans of one trace. */
    trace: (traceId: string) => spans.filter((span) => span.traceId === traceId),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type OtlpReceiver = Awaited<ReturnType<typeof startOtlpReceiver>>;
