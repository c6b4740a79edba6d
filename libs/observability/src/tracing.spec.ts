import fc from 'fast-check';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ScrubbingProcessor, scrubUrl } from './tracing-sdk';
import { startTracing, traceIds } from './tracing';

describe('tracing', () => {
  it('stays off, loading nothing, without an OTLP endpoint or when OTEL_SDK_DISABLED says so', () => {
    expect(startTracing('test', {})).toBe(false);
    expect(startTracing('test', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(startTracing('test', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
    expect(traceIds()).toEqual({});
  });

  it("keeps a URL without its query or the recipient's page tokens", () => {
    expect(scrubUrl('https://deliveries.example.com/track/AbC_12-xyz?lang=fr')).toBe('https://deliveries.example.com/track/:token');
    expect(scrubUrl('/unsubscribe/tok.en/confirm')).toBe('/unsubscribe/:token/confirm');
    expect(scrubUrl('https://hooks.example.com/orders?api_key=s3cret')).toBe('https://hooks.example.com/orders');
    expect(scrubUrl('/partner-integrations-service/v1/integrations/partner/orders/tsk_1')).toBe(
      '/partner-integrations-service/v1/integrations/partner/orders/tsk_1',
    );
  });

  it('exports no span whose URL attributes or name hold a page token or a query, whatever they are', () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new ScrubbingProcessor(), new SimpleSpanProcessor(exporter)] });
    const tracer = provider.getTracer('test');
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_.~-]{1,40}$/), fc.stringMatching(/^[a-z]{1,8}=[A-Za-z0-9]{1,20}$/), (token, query) => {
        exporter.reset();
        const url = `https://deliveries.example.com/track/${token}?${query}`;
        tracer
          .startSpan(`GET /track/${token}`, { attributes: { 'url.full': url, 'url.path': `/track/${token}`, 'url.query': query } })
          .end();
        const [span] = exporter.getFinishedSpans();
        const kept = JSON.stringify({ name: span!.name, attributes: span!.attributes });
        expect(kept).not.toContain(`/track/${token}`);
        expect(kept).not.toContain(query);
      }),
    );
  });
});
