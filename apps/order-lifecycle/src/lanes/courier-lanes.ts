import { keepTrace } from '@delivery/observability/tracing';

/** What a courier job's try came to: done (or no longer wanted), or worth trying again after the lane's back-off. */
export type CourierJobOutcome = 'done' | 'retry';

/** One call to make to a courier network for a task: a hand-over, a call-off or a status read. */
export interface CourierJob {
  taskId: string;
  kind: 'hand-over' | 'call-off' | 'status';
  /** A status read is not tried again (the next sweep reads again), and is passed over while its lane backs off. */
  once?: boolean;
  run(): Promise<CourierJobOutcome>;
}

export interface CourierLaneSettings {
  /** Calls one fleet's lane makes at once. */
  concurrency: number;
  /** The lane's pause after a failure worth retrying: doubling from the first to the most. */
  firstBackOffMs: number;
  maxBackOffMs: number;
  /** How long a job is tried before it is given up, logged. */
  patienceMs: number;
}

export const COURIER_LANE_DEFAULTS: CourierLaneSettings = {
  concurrency: 4,
  firstBackOffMs: 1_000,
  maxBackOffMs: 30_000,
  patienceMs: 24 * 60 * 60_000,
};

interface Queued {
  job: CourierJob;
  since: number;
  /** Whoever submitted it, and whoever submitted its twin meanwhile. */
  waiting: (() => void)[];
}

const settle = (queued: Queued) => queued.waiting.forEach((resolve) => resolve());

class Lane {
  readonly queue: Queued[] = [];
  readonly running = new Set<string>();
  failures = 0;
  /** Backing off: set after a failure, until its timer ends. */
  timer: NodeJS.Timeout | null = null;
  /** Called once the last call under way ends, after stop. */
  idle: (() => void) | null = null;
}

/**
 * One lane per courier fleet, each with its own queue, concurrency and back-off: a network
 * that is slow, down or refusing holds up its own fleet's calls only. A task's jobs run one
 * at a time in the order given (its hand-over before its call-off). Held in memory: what a
 * stopped process had queued is found again by the courier sweep from the tasks themselves.
 */
export class CourierLanes {
  private readonly lanes = new Map<string, Lane>();
  private stopped = false;

  private readonly now: () => number;

  constructor(
    private readonly settings: CourierLaneSettings,
    private readonly logger: Pick<Console, 'error'>,
    private readonly options: { now?: () => number; observe?: (waiting: number) => void } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Queues the job on the fleet's lane, unless the same job for the task is queued already.
   * Resolves once the job is done, given up or passed over; nothing need wait for it.
   */
  submit(laneKey: string, job: CourierJob): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const lane = this.lanes.get(laneKey) ?? new Lane();
    this.lanes.set(laneKey, lane);
    return new Promise((resolve) => {
      const twin = lane.queue.find((q) => q.job.taskId === job.taskId && q.job.kind === job.kind);
      if (twin) return void twin.waiting.push(resolve);
      // Run later in the trace it was queued in (the event's): the network's calls join the request's trace.
      lane.queue.push({ job: { ...job, run: keepTrace(job.run) }, since: this.now(), waiting: [resolve] });
      this.pump(laneKey, lane);
      this.options.observe?.(this.depth());
    });
  }

  /** Jobs queued or running in every lane. */
  depth(): number {
    let jobs = 0;
    for (const lane of this.lanes.values()) jobs += lane.queue.length + lane.running.size;
    return jobs;
  }

  /** Takes no more jobs, drops the queued ones (the sweep finds them again) and waits for the calls under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    const running: Promise<void>[] = [];
    for (const lane of this.lanes.values()) {
      if (lane.timer) clearTimeout(lane.timer);
      lane.queue.splice(0).forEach(settle);
      if (lane.running.size > 0) running.push(new Promise((resolve) => (lane.idle = resolve)));
    }
    await Promise.all(running);
  }

  private pump(laneKey: string, lane: Lane): void {
    if (this.stopped) return;
    if (lane.timer) {
      // A status read waits for no back-off: the next sweep reads again.
      for (const queued of lane.queue.filter((q) => q.job.once)) {
        lane.queue.splice(lane.queue.indexOf(queued), 1);
        settle(queued);
      }
      return;
    }
    while (lane.running.size < this.settings.concurrency) {
      const next = lane.queue.findIndex((q) => !lane.running.has(q.job.taskId));
      if (next < 0) break;
      const [queued] = lane.queue.splice(next, 1);
      void this.run(laneKey, lane, queued!);
    }
    // An idle lane is forgotten once its back-off is over: lanes are as many as fleets at work.
    if (lane.running.size === 0 && lane.queue.length === 0) this.lanes.delete(laneKey);
  }

  private backOff(laneKey: string, lane: Lane): void {
    lane.failures += 1;
    if (lane.timer) return;
    const pause = Math.min(this.settings.maxBackOffMs, this.settings.firstBackOffMs * 2 ** (lane.failures - 1));
    lane.timer = setTimeout(() => {
      lane.timer = null;
      this.pump(laneKey, lane);
    }, pause);
  }

  private async run(laneKey: string, lane: Lane, queued: Queued): Promise<void> {
    const { job } = queued;
    lane.running.add(job.taskId);
    let outcome: CourierJobOutcome;
    try {
      outcome = await job.run();
    } catch (error) {
      // The task store failing, say: tried again like a network's outage.
      this.logger.error(`courier ${job.kind} of task ${job.taskId} failed, will retry:`, error instanceof Error ? error.message : error);
      outcome = 'retry';
    }
    lane.running.delete(job.taskId);
    if (outcome === 'done') {
      lane.failures = 0;
      settle(queued);
    } else {
      this.backOff(laneKey, lane);
      if (job.once || this.stopped) {
        settle(queued);
      } else if (this.now() - queued.since >= this.settings.patienceMs) {
        this.logger.error(
          `courier ${job.kind} of task ${job.taskId} given up after ${Math.round((this.now() - queued.since) / 1000)} s of tries`,
        );
        settle(queued);
      } else {
        // First again once the pause is over: the task's later jobs stay behind it.
        lane.queue.unshift(queued);
      }
    }
    if (this.stopped) {
      if (lane.running.size === 0) lane.idle?.();
      return;
    }
    this.pump(laneKey, lane);
    this.options.observe?.(this.depth());
  }
}
