import type { Attributes, Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { MongooseInstrumentation } from '@opentelemetry/instrumentation-mongoose';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, type ReadableSpan, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

/** Paths whose next segment is a secret: the recipient's tracking and unsubscribe links. */
const SECRET_PATH = /\/(track|unsubscribe)\/[^/?#\s]+/g;
const URL_KEYS = ['url.full', 'url.path', 'url.query', 'http.url', 'http.target', 'http.route'];

/** A URL as a span may keep it: no query (an API key, a signature) and no path secret. */
export const scrubUrl = (value: string) => value.replace(/\?.*$/, '').replace(SECRET_PATH, '/$1/:token');

/**
 * Spans never carry a secret or the recipient's data: URLs lose their query and the tokens of
 * the recipient's pages, before any exporter sees them (the instrumentations set the URL as a
 * span starts; no header or body is ever recorded).
 */
export class ScrubbingProcessor implements SpanProcessor {
  onStart(span: Span & { attributes?: Attributes }): void {
    for (const key of URL_KEYS) {
      const value = span.attributes?.[key];
      if (typeof value === 'string') span.setAttribute(key, key === 'url.query' ? '' : scrubUrl(value));
    }
  }
  onEnding(span: Span & { attributes?: Attributes; name?: string }): void {
    // Express names a span by its route (patterns only); a path seen raw in a name is scrubbed too.
    const name = span.name && scrubUrl(span.name);
    if (name && name !== span.name) span.updateName(name);
    this.onStart(span);
  }
  onEnd(_span: ReadableSpan): void {}
  forceFlush(): Promise<void> {
    return Promise.resolve();
  }
  shutdown(): Promise<void> {
    return Promise.resolve();
  }
}

/** Operations' paths of the ops port: probes and scrapes are not traced. */
const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** The SDK for `app`, started: loaded only when tracing is on (tracing.ts requires this file then). */
export function startSdk(app: string, env: NodeJS.ProcessEnv): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || app,
    spanProcessors: [new ScrubbingProcessor(), new BatchSpanProcessor(new OTLPTraceExporter())],
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => OPS_PATHS.has((request.url ?? '').split('?')[0]!) }),
      new ExpressInstrumentation(),
      new GrpcInstrumentation(),
      new KafkaJsInstrumentation(),
      // Statements are kept without their values: queries name recipients and tokens.
      new MongoDBInstrumentation({ dbStatementSerializer: (command) => Object.keys(command)[0] ?? 'command' }),
      new MongooseInstrumentation({ dbStatementSerializer: (operation) => operation }),
      new IORedisInstrumentation({ dbStatementSerializer: (command) => command }),
    ],
  });
  sdk.start();
  return sdk;
}
