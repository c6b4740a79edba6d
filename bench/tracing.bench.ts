/**
 * What tracing costs Create Order (issue 38): the standalone's CPU per order (its work after
 * the answer counted too) with tracing off (no OTLP endpoint: the SDK not even loaded), on and
 * sampling nothing (OTEL_TRACES_SAMPLER=always_off), and on exporting every span
 * (always_on) over OTLP/HTTP to a receiver in this process, each beside an express echo's
 * CPU per call measured in the same run. The orders are offered at BENCH_TRACING_ORDERS_PER_SECOND
 * (100) for BENCH_SECONDS (15), the three shapes alternating BENCH_RUNS times (3). Printed:
 * each shape's median, and its ratio to off.
 */
import { startOtlpReceiver } from '@delivery/testing';
import { standaloneCpuPerOrder } from './load/standalone-cpu';

const perSecond = Number(process.env.BENCH_TRACING_ORDERS_PER_SECOND ?? 100);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const warmupSeconds = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
const runs = Number(process.env.BENCH_RUNS ?? 3);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

type Shape = 'off' | 'sampled-0' | 'sampled-100';

async function main() {
  const collector = await startOtlpReceiver();
  const env: Record<Shape, Record<string, string>> = {
    off: {},
    'sampled-0': { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_TRACES_SAMPLER: 'always_off' },
    'sampled-100': { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_TRACES_SAMPLER: 'always_on' },
  };
  console.log(
    `Create Order with tracing off, sampling none, and exporting every span; ${perSecond} orders/s for ${seconds} s, ${runs} runs:`,
  );
  const figures: Record<Shape, { order: number; echo: number }[]> = { off: [], 'sampled-0': [], 'sampled-100': [] };
  try {
    for (let run = 1; run <= runs; run += 1) {
      console.log(` run ${run} of ${runs}`);
      const shapes = Object.keys(env) as Shape[];
      for (let i = 0; i < shapes.length; i += 1) {
        const shape = shapes[(i + run - 1) % shapes.length]!;
        const spansBefore = collector.spans.length;
        figures[shape].push(await standaloneCpuPerOrder({ name: shape, env: env[shape] }, { perSecond, seconds, warmupSeconds }));
        if (shape === 'sampled-100') console.log(`    ${collector.spans.length - spansBefore} spans received`);
      }
    }
  } finally {
    await collector.stop();
  }
  const cpu = (shape: Shape) => median(figures[shape].map((f) => f.order));
  const overEcho = (shape: Shape) => median(figures[shape].map((f) => f.order / f.echo)).toFixed(2);
  for (const shape of Object.keys(env) as Shape[]) {
    const vsOff = cpu(shape) / cpu('off') - 1;
    console.log(
      `  ${shape.padEnd(11)} median ${cpu(shape).toFixed(3)} ms/order, ${overEcho(shape)} x echo` +
        (shape === 'off' ? '' : `, ${vsOff >= 0 ? '+' : ''}${(vsOff * 100).toFixed(1)} % over off`),
    );
  }
}

void main();
