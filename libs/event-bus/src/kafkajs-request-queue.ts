/**
 * kafkajs 2.2.4, its latest release, checks a connection's pending requests on a timer that
 * arms itself again at once when nothing is pending (tulios/kafkajs#1556; the fix proposed in
 * #1667 is not released): every open connection spins a 1 ms timer, about 2 % of a core for
 * each idle app here, and as much under load. Only a queue holding requests needs the timer:
 * a request is sent as it is pushed when it can be, and the queue is checked again whenever
 * one in flight is answered. Loaded by the Kafka adapter, before any connection is made.
 */
import { createRequire } from 'node:module';

interface RequestQueueInternals {
  pending: unknown[];
  throttledUntil: number;
  throttleCheckTimeoutId: NodeJS.Timeout | null;
  checkPendingRequests(): void;
  scheduleCheckPendingRequests(): void;
  fulfillRequest(...answer: unknown[]): void;
}

/** kafkajs's own interval for a queue whose requests wait on nothing but room to be sent. */
const CHECK_PENDING_REQUESTS_INTERVAL_MS = 10;

const requireFromKafkajs = createRequire(require.resolve('kafkajs'));
export const RequestQueue = requireFromKafkajs('./src/network/requestQueue') as { prototype: RequestQueueInternals };

RequestQueue.prototype.scheduleCheckPendingRequests = function scheduleCheckPendingRequests(this: RequestQueueInternals) {
  if (this.throttleCheckTimeoutId || this.pending.length === 0) return;
  const untilUnthrottled = this.throttledUntil - Date.now();
  this.throttleCheckTimeoutId = setTimeout(
    () => {
      this.throttleCheckTimeoutId = null;
      this.checkPendingRequests();
    },
    untilUnthrottled > 0 ? untilUnthrottled : CHECK_PENDING_REQUESTS_INTERVAL_MS,
  );
};
