import { context, trace } from '@opentelemetry/api';
import { inTrace } from '@delivery/observability/tracing';
import { withTraceContexts } from '@delivery/testing';
import { CourierLanes, type CourierJob } from './courier-lanes';

withTraceContexts();

describe('courier lanes and the trace', () => {
  it('runs each queued job in the trace it was submitted in, however long it waited behind others', async () => {
    const lanes = new CourierLanes(
      { concurrency: 1, firstBackOffMs: 10, maxBackOffMs: 20, patienceMs: 60_000 },
      { error: () => undefined },
    );
    const ran: (string | undefined)[] = [];
    let release = () => undefined as void;
    const blocker: CourierJob = { taskId: 't0', kind: 'hand-over', run: () => new Promise((resolve) => (release = () => resolve('done'))) };
    const job = (taskId: string): CourierJob => ({
      taskId,
      kind: 'hand-over',
      run: async () => {
        ran.push(trace.getSpanContext(context.active())?.traceId);
        return 'done';
      },
    });
    const traced = (traceId: string) => `00-${traceId}-b7ad6b7169203331-01`;
    try {
      const blocked = lanes.submit('uber', blocker);
      const first = inTrace(traced('0af7651916cd43dd8448eb211c80319c'), () => lanes.submit('uber', job('t1')));
      const second = inTrace(traced('1bf7651916cd43dd8448eb211c80319d'), () => lanes.submit('uber', job('t2')));
      const untraced = lanes.submit('uber', job('t3'));
      release();
      await Promise.all([blocked, first, second, untraced]);
    } finally {
      lanes.stop();
    }
    expect(ran).toEqual(['0af7651916cd43dd8448eb211c80319c', '1bf7651916cd43dd8448eb211c80319d', undefined]);
  });
});
