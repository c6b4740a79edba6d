import { context, SpanStatusCode, trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { withTraceContexts } from '@delivery/testing';
import { handleInTrace } from './tracing';

withTraceContexts();

describe("a consumer's handling of a message, in the trace of the request that wrote it", () => {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const tracer = provider.getTracer('test');
  beforeAll(() => trace.setGlobalTracerProvider(provider));
  afterAll(() => trace.disable());
  beforeEach(() => exporter.reset());

  const traceparentOf = (name: string) => {
    const span = tracer.startSpan(name);
    span.end();
    const { traceId, spanId } = span.spanContext();
    return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
  };
  const finished = (name: string) => exporter.getFinishedSpans().filter((span) => span.name === name);

  it('makes each message of a batch the child of its own publish, linked to the batch, with what it does under it', async () => {
    const [a, b] = [traceparentOf('send a'), traceparentOf('send b')];
    const batch = tracer.startSpan('poll delivery.orders.v1');
    await context.with(trace.setSpan(context.active(), batch), async () => {
      for (const [offset, sent] of [a, b].entries()) {
        await handleInTrace({ topic: 'delivery.orders.v1', offset: String(offset), headers: { traceparent: sent.traceparent } }, async () =>
          tracer.startSpan('find endpoints').end(),
        );
      }
    });
    batch.end();
    const handled = finished('handle delivery.orders.v1');
    expect(handled.map((span) => [span.spanContext().traceId, span.parentSpanContext?.spanId])).toEqual([
      [a.traceId, a.spanId],
      [b.traceId, b.spanId],
    ]);
    expect(handled.map((span) => span.links.map((link) => link.context.spanId))).toEqual([
      [batch.spanContext().spanId],
      [batch.spanContext().spanId],
    ]);
    expect(handled[0]!.attributes).toMatchObject({ 'messaging.destination.name': 'delivery.orders.v1', 'messaging.kafka.offset': '0' });
    expect(finished('find endpoints').map((span) => span.parentSpanContext?.spanId)).toEqual(handled.map((s) => s.spanContext().spanId));
  });

  it("is the batch's child when the message came without a trace, and marks a failure without its message", async () => {
    const batch = tracer.startSpan('poll delivery.orders.v1');
    const failing = context.with(trace.setSpan(context.active(), batch), () =>
      handleInTrace({ topic: 'delivery.orders.v1' }, async () => {
        throw new TypeError('+44 20 7946 0958 is not a number we know');
      }),
    );
    await expect(failing).rejects.toThrow(TypeError);
    const [handled] = finished('handle delivery.orders.v1');
    expect(handled!.parentSpanContext?.spanId).toBe(batch.spanContext().spanId);
    expect(handled!.links).toEqual([]);
    expect(handled!.status).toEqual({ code: SpanStatusCode.ERROR, message: 'TypeError' });
  });
});
