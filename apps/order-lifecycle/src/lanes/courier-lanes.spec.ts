import { CourierLanes, type CourierJob, type CourierJobOutcome } from './courier-lanes';

const SETTINGS = { concurrency: 2, firstBackOffMs: 30, maxBackOffMs: 120, patienceMs: 60_000 };

/** A job whose tries the test answers one by one. */
function controlledJob(taskId: string, kind: CourierJob['kind'] = 'hand-over', once = false) {
  const tries: ((outcome: CourierJobOutcome) => void)[] = [];
  const job: CourierJob = { taskId, kind, once, run: () => new Promise((resolve) => tries.push(resolve)) };
  return { job, tries };
}

/** One turn of the event loop: what a settled try set in motion has run. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

const until = async (condition: () => boolean) => {
  while (!condition()) await tick();
};

describe('courier lanes', () => {
  let lanes: CourierLanes;
  const logger = { error: jest.fn() };
  beforeEach(() => (lanes = new CourierLanes(SETTINGS, logger)));
  afterEach(() => lanes.stop());

  it("runs another fleet's jobs while one fleet's calls hang", async () => {
    const hanging = [controlledJob('t1'), controlledJob('t2'), controlledJob('t3')];
    for (const { job } of hanging) void lanes.submit('uber', job);
    const healthy = controlledJob('t4');
    const done = lanes.submit('onfleet', healthy.job);
    await until(() => healthy.tries.length === 1);
    healthy.tries[0]!('done');
    await done;
    // The hanging lane holds two calls at once, its concurrency, and keeps the third queued.
    expect(hanging.map((h) => h.tries.length)).toEqual([1, 1, 0]);
    hanging.forEach((h) => h.tries[0]?.('done'));
    await until(() => hanging[2]!.tries.length === 1);
    hanging[2]!.tries[0]!('done');
  });

  it("runs a task's jobs one at a time, in the order given, and a twin of a queued job once", async () => {
    const order: string[] = [];
    const job = (taskId: string, kind: CourierJob['kind']): CourierJob => ({
      taskId,
      kind,
      run: async () => {
        order.push(`${taskId} ${kind}`);
        return 'done';
      },
    });
    const first = controlledJob('t1');
    void lanes.submit('fleet', first.job);
    const later = [
      lanes.submit('fleet', job('t1', 'call-off')),
      lanes.submit('fleet', job('t1', 'call-off')),
      lanes.submit('fleet', job('t2', 'hand-over')),
    ];
    await until(() => order.length === 1);
    expect(order).toEqual(['t2 hand-over']);
    first.tries[0]!('done');
    await Promise.all(later);
    expect(order).toEqual(['t2 hand-over', 't1 call-off']);
  });

  it('backs off a failing lane, doubling, tries the job again before the ones behind it, and starts over after a success', async () => {
    const failing = controlledJob('t1');
    const behind = controlledJob('t2');
    const done = lanes.submit('fleet', failing.job);
    await until(() => failing.tries.length === 1);
    failing.tries[0]!('retry');
    await tick();
    void lanes.submit('fleet', behind.job);
    await until(() => failing.tries.length === 2);
    const failedAgain = Date.now();
    failing.tries[1]!('retry');
    await until(() => failing.tries.length === 3);
    // The second failure in a row: twice the first pause.
    expect(Date.now() - failedAgain).toBeGreaterThanOrEqual(2 * SETTINGS.firstBackOffMs - 5);
    expect(behind.tries).toHaveLength(1);
    failing.tries[2]!('done');
    behind.tries[0]!('done');
    await done;
    const fresh = controlledJob('t3');
    void lanes.submit('fleet', fresh.job);
    await until(() => fresh.tries.length === 1);
    fresh.tries[0]!('done');
  });

  it('passes over a status read while its lane backs off, and tries a failed read no more', async () => {
    const failing = controlledJob('t1');
    void lanes.submit('fleet', failing.job);
    await until(() => failing.tries.length === 1);
    failing.tries[0]!('retry');
    await tick();
    const read = controlledJob('t2', 'status', true);
    await lanes.submit('fleet', read.job);
    expect(read.tries).toHaveLength(0);
    await until(() => failing.tries.length === 2);
    failing.tries[1]!('done');
  });

  it('treats a job that throws as one to retry, saying so', async () => {
    let calls = 0;
    await lanes.submit('fleet', {
      taskId: 't1',
      kind: 'call-off',
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('store down');
        return 'done';
      },
    });
    expect(calls).toBe(2);
    expect(logger.error).toHaveBeenCalledWith('courier call-off of task t1 failed, will retry:', 'store down');
  });

  it('gives a job up after its patience, logged', async () => {
    let now = 0;
    const patient = new CourierLanes({ ...SETTINGS, patienceMs: 1_000 }, logger, { now: () => now });
    await patient.submit('fleet', {
      taskId: 't1',
      kind: 'call-off',
      run: async () => {
        now += 600;
        return 'retry';
      },
    });
    expect(now).toBe(1_200);
    expect(logger.error).toHaveBeenCalledWith('courier call-off of task t1 given up after 1 s of tries');
    await patient.stop();
  });

  it('stops taking jobs, drops the queued ones and waits for the calls under way', async () => {
    const running = controlledJob('t1');
    void lanes.submit('fleet', running.job);
    await until(() => running.tries.length === 1);
    const queued = lanes.submit('fleet', controlledJob('t1', 'call-off').job);
    let stopped = false;
    const stopping = lanes.stop().then(() => (stopped = true));
    await queued;
    expect(stopped).toBe(false);
    running.tries[0]!('retry');
    await stopping;
    expect(lanes.depth()).toBe(0);
  });
});
