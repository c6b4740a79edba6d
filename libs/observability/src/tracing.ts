import { context, isSpanContextValid, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * Tracing with the OpenTelemetry Node SDK, configured by the standard OTEL_* variables only
 * (OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, OTEL_TRACES_SAMPLER,
 * OTEL_RESOURCE_ATTRIBUTES, …): off, and nothing loaded or patched, when no endpoint is set or
 * OTEL_SDK_DISABLED is true. Started by each app's `tracing.ts`, the first module its main
 * loads, so the instrumentations patch express, gRPC, kafkajs, MongoDB and ioredis before
 * anything requires them (docs/decisions.md, "Tracing").
 */
let sdk: NodeSDK | null = null;

const enabled = (env: NodeJS.ProcessEnv) =>
  env.OTEL_SDK_DISABLED?.toLowerCase() !== 'true' &&
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) &&
  env.OTEL_TRACES_EXPORTER?.toLowerCase() !== 'none';

/** Starts tracing for `app` when the environment asks for it; the service name is OTEL_SERVICE_NAME's, else `app`'s. */
export function startTracing(app: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (sdk || !enabled(env)) return false;
  // Required here, not imported: with tracing off the SDK and its instrumentations are never loaded.
  const { startSdk } = require('./tracing-sdk') as typeof import('./tracing-sdk');
  sdk = startSdk(app, env);
  return true;
}

/** Sends the spans still buffered and stops, at the app's stop; nothing when tracing is off. */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = null;
  await running?.shutdown().catch(() => undefined);
}

/** The trace and span ids of what runs now, for a log line; none outside a traced operation. */
export function traceIds(): { trace_id: string; span_id: string } | Record<string, never> {
  const span = trace.getSpan(context.active());
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Names the domain things an operation is about on its span (`delivery.task_id`, …); ids only, never people's data. */
export function tagSpan(attributes: { accountId?: string; taskId?: string; fleetId?: number | string; clientId?: string }): void {
  const span = trace.getActiveSpan();
  if (!span) return;
  if (attributes.accountId) span.setAttribute('delivery.account_id', attributes.accountId);
  if (attributes.taskId) span.setAttribute('delivery.task_id', attributes.taskId);
  if (attributes.fleetId !== undefined && attributes.fleetId !== '') span.setAttribute('delivery.fleet_id', String(attributes.fleetId));
  if (attributes.clientId) span.setAttribute('delivery.client_id', attributes.clientId);
}

/**
 * The W3C `traceparent` of what runs now, to keep with work done later (an outbox entry);
 * none when nothing is traced (tracing off, or a span not sampled: nothing to join then).
 */
export function currentTraceparent(): string | undefined {
  const span = trace.getSpan(context.active());
  if (!span?.isRecording()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** Runs `work` in the trace `traceparent` names (what `currentTraceparent` kept), or as it is without one. */
export function inTrace<T>(traceparent: string | undefined, work: () => T): T {
  return traceparent ? context.with(propagation.extract(ROOT_CONTEXT, { traceparent }), work) : work();
}

/** `work`, to run later (a queued job) in the trace active now; as it is when nothing is traced. */
export const keepTrace = <T>(work: () => T): (() => T) => context.bind(context.active(), work);

/**
 * Handles one message off the bus in a span of its own, a child of the publish its
 * `traceparent` header names: so a consumer's handling joins the request that wrote the event, across
 * the outbox's delay and Kafka. (The kafkajs instrumentation reads our consumers' batches as
 * one poll whose messages are only linked to their publishes.) The span links to that batch;
 * without a `traceparent` it is the batch's child. A no-op span when tracing is off.
 */
export function handleInTrace<T>(
  message: { topic: string; offset?: string; headers?: Readonly<Record<string, string>> },
  work: () => Promise<T>,
): Promise<T> {
  const batch = trace.getActiveSpan()?.spanContext();
  const traceparent = message.headers?.traceparent;
  const parent = traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : context.active();
  const options = {
    kind: SpanKind.CONSUMER,
    attributes: {
      'messaging.system': 'kafka',
      'messaging.operation.type': 'process',
      'messaging.destination.name': message.topic,
      ...(message.offset !== undefined && { 'messaging.kafka.offset': message.offset }),
    },
    links: traceparent && batch && isSpanContextValid(batch) ? [{ context: batch }] : [],
  };
  return trace.getTracer('@delivery/observability').startActiveSpan(`handle ${message.topic}`, options, parent, async (span) => {
    try {
      return await work();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
      throw error;
    } finally {
      span.end();
    }
  });
}
