import type { AddressInfo } from 'node:net';
import { context, propagation } from '@opentelemetry/api';
import { AsyncHooksContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  InMemorySpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { traceEdgeSettings } from '../trace-edge';
import { httpInstrumentation, ScrubbingProcessor } from '../tracing-sdk';

/**
 * One HTTP server traced as the apps trace theirs (the HTTP instrumentation patches `http` as
 * Node loads it, which Jest's own module loader would bypass): it takes one request, given as
 * raw lines in argv[2] (JSON), under TRACE_TRUSTED_NETWORKS and a root sampler (argv[3]: on or
 * off), and prints the server spans exported, as JSON.
 */
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({
  sampler: new ParentBasedSampler({ root: process.argv[3] === 'on' ? new AlwaysOnSampler() : new AlwaysOffSampler() }),
  spanProcessors: [new ScrubbingProcessor(), new SimpleSpanProcessor(exporter)],
});
context.setGlobalContextManager(new AsyncHooksContextManager().enable());
propagation.setGlobalPropagator(new W3CTraceContextPropagator());
const instrumentation = httpInstrumentation(traceEdgeSettings(process.env));
instrumentation.setTracerProvider(provider);
instrumentation.enable();

// Loaded once the instrumentation is on, as each app's tracing.ts orders it.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const http = require('node:http') as typeof import('node:http');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const net = require('node:net') as typeof import('node:net');

const server = http.createServer((_req, res) => res.end('ok'));
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  // A raw request on a socket: an outgoing http call of this process would be traced as well.
  const socket = net.connect(port, '127.0.0.1', () => socket.end(`${(JSON.parse(process.argv[2]!) as string[]).join('\r\n')}\r\n\r\n`));
  socket.on('data', () => undefined);
  socket.on('end', () =>
    server.close(() => {
      const spans = exporter.getFinishedSpans().map((span) => ({
        name: span.name,
        kind: span.kind,
        traceId: span.spanContext().traceId,
        parentSpanId: span.parentSpanContext?.spanId ?? null,
        links: span.links.map((link) => ({ traceId: link.context.traceId, spanId: link.context.spanId })),
        attributes: span.attributes,
      }));
      process.stdout.write(JSON.stringify(spans));
    }),
  );
});
