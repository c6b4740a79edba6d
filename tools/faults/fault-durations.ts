/** How long each fault lasts: the full durations, or the short form `npm test` runs. */
export interface FaultDurations {
  /** Produce requests answered with a retriable error, then the broker down. */
  produceErrorsMs: number;
  brokerDownMs: number;
  redisDownMs: number;
  /** The webhook receiver and the courier network: connections refused for half of it, then 503. */
  receiversDownMs: number;
  /** The longest a fault may take to be caught up: every order made before its end delivered and told. */
  catchUpMs: number;
  /**
   * The broker's, Redis's and the receivers' faults one after another while the leader is
   * paused, and the kills straight after, caught up once at the end: the short form's way
   * of fitting every fault into a few minutes. Otherwise each is caught up before the next.
   */
  overlapping: boolean;
  /** How many outbox leads the leader is paused for: a minute (three) in the full run, long enough to be taken over twice in the short one. */
  pausedLeads: number;
  /**
   * Two notifier replicas, one paused this long (past its group's session, 30 s, so the other
   * takes its partitions) and both killed with order-lifecycle; or null for one notifier,
   * killed with order-lifecycle: the short form leaves the pause and the second replica out,
   * their rebalances lengthening a run `npm test` keeps under a quarter hour on two cores.
   */
  notifierPausedMs: number | null;
  /**
   * After the last order is caught up, the longest its messages may take to be settled: an
   * SMS Twilio turned away in its outage waits out the notifier's back-off (30 s, then 1, 2,
   * 5 minutes), one whose notifier was killed mid-send its lease (a minute).
   */
  notifiedWithinMs: number;
}
export const FULL_DURATIONS: FaultDurations = {
  produceErrorsMs: 30_000,
  brokerDownMs: 20_000,
  redisDownMs: 15_000,
  receiversDownMs: 5 * 60_000,
  catchUpMs: 180_000,
  overlapping: false,
  pausedLeads: 3,
  notifierPausedMs: 70_000,
  notifiedWithinMs: 12 * 60_000,
};
export const SHORT_DURATIONS: FaultDurations = {
  produceErrorsMs: 10_000,
  brokerDownMs: 5_000,
  redisDownMs: 15_000,
  receiversDownMs: 10_000,
  catchUpMs: 180_000,
  overlapping: true,
  pausedLeads: 2,
  notifierPausedMs: null,
  notifiedWithinMs: 150_000,
};
