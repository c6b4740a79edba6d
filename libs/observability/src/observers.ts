import { status } from '@grpc/grpc-js';
import type { Logger } from 'pino';
import type { Metrics } from './metrics';

/** A served gRPC call into the latency histogram; one that failed also into the log, by its request id. */
export const rpcObserver =
  (metrics: Metrics, log?: Logger) =>
  ({ method, code, seconds, requestId }: { method: string; code: number; seconds: number; requestId: string | null }) => {
    const name = status[code] ?? String(code);
    metrics.rpcServer.observe({ method, code: name }, seconds);
    if (code !== status.OK) log?.info({ requestId, rpc: method, code: name, ms: Math.round(seconds * 1000) }, 'rpc answered with an error');
  };

/** What an outbox relay read into the backlog and lag gauges of its service. */
export const outboxObserver =
  (metrics: Metrics, service: string) =>
  ({ pending, oldestOccurredAt }: { pending: number; oldestOccurredAt: Date | null }) => {
    metrics.outboxBacklog.set({ service }, pending);
    metrics.outboxLag.set({ service }, oldestOccurredAt ? Math.max(0, (Date.now() - oldestOccurredAt.getTime()) / 1000) : 0);
  };

/** Whether an outbox relay leads, into its service's leader gauge. */
export const outboxLeadObserver = (metrics: Metrics, service: string) => (leads: boolean) =>
  metrics.outboxLeader.set({ service }, leads ? 1 : 0);

/** A consumer's lag at each batch, per group and topic. */
export const lagObserver = (metrics: Metrics, group: string) => (topic: string, messages: number) =>
  metrics.consumerLag.set({ group, topic }, messages);

/** A message given up on: one error line saying where it was and why, and the metric. */
export const deadLetterObserver =
  ({ metrics, log }: Observability) =>
  (message: { topic: string; partition: number; offset: string }, error: unknown) => {
    metrics.deadLetters.inc({ topic: message.topic });
    log.error(
      { topic: message.topic, partition: message.partition, offset: message.offset, error: String((error as Error)?.message ?? error) },
      'message sent to the dead-letter topic after its handler kept failing',
    );
  };

/** The courier fleets whose credentials are refused, as the courier sweep found them: the gauge holds exactly these. */
export const refusedCredentialsObserver =
  (metrics: Metrics) => (fleets: readonly { accountId: string; fleetId: number; connector: string }[]) => {
    metrics.courierCredentialsRefused.reset();
    for (const fleet of fleets)
      metrics.courierCredentialsRefused.set({ account: fleet.accountId, fleet: String(fleet.fleetId), connector: fleet.connector }, 1);
  };

/** What a composition root is given to report through: the process's metrics and log. */
export interface Observability {
  metrics: Metrics;
  log: Logger;
}

/** The gRPC observer of an app that may have no observability (tests, benchmarks). */
export const rpcObserverOf = (observability?: Observability) =>
  observability ? rpcObserver(observability.metrics, observability.log) : () => undefined;
