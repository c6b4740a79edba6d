import { context, trace } from '@opentelemetry/api';
import { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import type { EventBus, OutgoingMessage } from '@delivery/event-bus';
import { eventually, withTraceContexts } from '@delivery/testing';
import type { EventEnvelope } from '@delivery/contracts';
import { toOutboxEntry, type OutboxEntry, type OutboxStore } from './outbox';
import { OutboxRelay } from './outbox-relay';

withTraceContexts();

const tracer = new BasicTracerProvider().getTracer('test');
const event = (id: string): EventEnvelope =>
  ({
    id,
    type: 'OrderCreated',
    version: 1,
    occurredAt: '2026-11-27T10:00:00.000Z',
    accountId: 'acme',
    correlationId: 'req-1',
    causationId: null,
    subject: 'task-1',
    data: {},
  }) as unknown as EventEnvelope;

describe("the outbox and the request's trace", () => {
  it('keeps the traceparent of the request that wrote an entry, and none outside a traced request', () => {
    const span = tracer.startSpan('POST /orders');
    const traced = context.with(trace.setSpan(context.active(), span), () => toOutboxEntry('orders', event('e1')));
    expect(traced.trace).toBe(`00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`);
    expect(toOutboxEntry('orders', event('e2'))).not.toHaveProperty('trace');
  });

  it("publishes each request's run of entries within its trace, in order, untraced ones as they are", async () => {
    const [a, b] = ['a', 'b'].map(() => tracer.startSpan('request').spanContext());
    const parent = (ctx: typeof a) => `00-${ctx!.traceId}-${ctx!.spanId}-01`;
    const entries: OutboxEntry[] = [
      { id: '1', topic: 'orders', key: 'task-1', value: '1', trace: parent(a) },
      { id: '2', topic: 'orders', key: 'task-1', value: '2', trace: parent(a) },
      { id: '3', topic: 'orders', key: 'task-2', value: '3', trace: parent(b) },
      { id: '4', topic: 'orders', key: 'task-1', value: '4' },
      { id: '5', topic: 'orders', key: 'task-1', value: '5', trace: parent(a) },
    ];
    const outbox: OutboxStore = {
      pending: async (limit) => entries.slice(0, limit),
      markPublished: async (ids) => void entries.splice(0, entries.length, ...entries.filter((e) => !ids.includes(e.id))),
      lead: async () => ({ led: true }),
    };
    const published: { values: string[]; traceId: string | undefined }[] = [];
    const bus = {
      publish: async (_topic: string, messages: readonly OutgoingMessage[]) =>
        void published.push({ values: messages.map((m) => m.value), traceId: trace.getSpanContext(context.active())?.traceId }),
    };
    const relay = new OutboxRelay(outbox, bus as unknown as EventBus, { pollIntervalMs: 10_000 });
    relay.start();
    try {
      await eventually(() => expect(entries).toEqual([]));
    } finally {
      await relay.stop();
    }
    expect(published).toEqual([
      { values: ['1', '2'], traceId: a!.traceId },
      { values: ['3'], traceId: b!.traceId },
      { values: ['4'], traceId: undefined },
      { values: ['5'], traceId: a!.traceId },
    ]);
  });
});
