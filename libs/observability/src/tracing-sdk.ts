import type { IncomingMessage } from 'node:http';
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
import { callerAttributes, linkUntrustedParent, setAsideUntrustedParent, traceEdgeSettings, type TraceEdgeSettings } from './trace-edge';

/** Paths whose next segment is a secret: the recipient's tracking and unsubscribe links. */
const SECRET_PATH = /\/(track|unsubscribe)\/[^/?#\s]+/g;
/** Full URLs: kept as their scheme and host only (a webhook's path may hold its secret). */
const FULL_URL_KEYS = ['url.full', 'http.url'];
/** Raw paths and queries: never kept (a server span keeps its route template, `http.route`). */
const RAW_PATH_KEYS = ['url.path', 'url.query', 'http.target', 'http.user_agent', 'user_agent.original', 'http.client_ip'];

/** A name or route as a span may keep it: no query (an API key, a signature) and no path secret. */
export const scrubUrl = (value: string) => value.replace(/\?.*$/, '').replace(SECRET_PATH, '/$1/:token');

/** A full URL as a span keeps it: its scheme and host (and port), nothing of its path or query. */
export const originOf = (value: string) => {
  try {
    return new URL(value).origin;
  } catch {
    return '';
  }
};

/**
 * Spans never carry a secret or the recipient's data: full URLs keep their scheme and host
 * only, raw paths, queries and user agents are removed, route templates and names lose the
 * tokens of the recipient's pages, before any exporter sees them (the instrumentations set the
 * URL as a span starts; no header or body is ever recorded).
 */
export class ScrubbingProcessor implements SpanProcessor {
  onStart(span: Span & { attributes?: Attributes }): void {
    const attributes = span.attributes;
    if (!attributes) return;
    for (const key of FULL_URL_KEYS) {
      const value = attributes[key];
      if (typeof value === 'string') span.setAttribute(key, originOf(value));
    }
    // The SDK's span keeps its attributes in a plain object: a key set by an instrumentation is removed there.
    for (const key of RAW_PATH_KEYS) delete attributes[key];
    const route = attributes['http.route'];
    if (typeof route === 'string') span.setAttribute('http.route', scrubUrl(route));
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

/**
 * Incoming and outgoing HTTP, with the public edge's rules (trace-edge.ts): probes and scrapes
 * untraced, an untrusted caller's trace context a link, the caller's address as the proxy rules
 * derive it.
 */
export function httpInstrumentation(edge: TraceEdgeSettings): HttpInstrumentation {
  return new HttpInstrumentation({
    ignoreIncomingRequestHook: (request) => {
      if (OPS_PATHS.has((request.url ?? '').split('?')[0]!)) return true;
      // The only hook that runs before the trace context is read: the place to set an untrusted one aside.
      setAsideUntrustedParent(request, edge);
      return false;
    },
    startIncomingSpanHook: (request) => callerAttributes(request as IncomingMessage, edge),
    // Called for outgoing requests too: an incoming one is the IncomingMessage (a ClientRequest has a `path`).
    requestHook: (span, request) => !('path' in request) && linkUntrustedParent(span, request as IncomingMessage),
  });
}

/** The SDK for `app`, started: loaded only when tracing is on (tracing.ts requires this file then). */
export function startSdk(app: string, env: NodeJS.ProcessEnv): NodeSDK {
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME || app,
    spanProcessors: [new ScrubbingProcessor(), new BatchSpanProcessor(new OTLPTraceExporter())],
    instrumentations: [
      httpInstrumentation(traceEdgeSettings(env)),
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
