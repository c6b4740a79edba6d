import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Every metric the apps expose, in one catalog so their names and labels are written once
 * (README "Operate it" lists them). Each process makes one and serves its registry on
 * `/metrics`; an app that has no use for a family leaves it at zero.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests answered by the gateway, by route pattern, method and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly rpcServer = new Histogram({
    name: 'grpc_server_handling_seconds',
    help: 'gRPC calls handled, by method and status code',
    labelNames: ['method', 'code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });

  readonly outboxBacklog = new Gauge({
    name: 'outbox_backlog',
    help: 'Events written but not yet published to the bus, at the last read (at most one batch)',
    labelNames: ['service'] as const,
    registers: [this.registry],
  });

  readonly outboxLag = new Gauge({
    name: 'outbox_lag_seconds',
    help: 'Age of the oldest event not yet published to the bus (0 when none waits)',
    labelNames: ['service'] as const,
    registers: [this.registry],
  });

  readonly outboxLeader = new Gauge({
    name: 'outbox_leader',
    help: "1 while this process's outbox relay leads its store (the one replica that publishes), else 0",
    labelNames: ['service'] as const,
    registers: [this.registry],
  });

  readonly consumerLag = new Gauge({
    name: 'consumer_lag_messages',
    help: 'Messages on a topic not yet taken by a consumer group, at its last batch',
    labelNames: ['group', 'topic'] as const,
    registers: [this.registry],
  });

  readonly webhookAttempts = new Counter({
    name: 'webhook_attempts_total',
    help: 'Webhook tries, by what comes next (delivered, retry, failed, dead)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  readonly messagesOverBudget = new Counter({
    name: 'notifier_messages_over_budget_total',
    help: 'Messages to recipients skipped over an account budget, by channel and budget (sms_per_hour, sms_per_day, per_recipient_per_day)',
    labelNames: ['channel', 'budget'] as const,
    registers: [this.registry],
  });

  readonly eventsPassedOver = new Counter({
    name: 'events_passed_over_total',
    help: 'Messages a consumer read and passed over, by why (not JSON, an event it has no schema for)',
    labelNames: ['consumer', 'reason'] as const,
    registers: [this.registry],
  });

  readonly deadLetters = new Counter({
    name: 'event_dead_letters_total',
    help: 'Messages a handler kept failing on, sent to the dead-letter topic, by their topic',
    labelNames: ['topic'] as const,
    registers: [this.registry],
  });

  readonly rateLimitRejections = new Counter({
    name: 'rate_limit_rejections_total',
    help: 'Requests refused with 429, by the quota that refused them',
    labelNames: ['scope'] as const,
    registers: [this.registry],
  });

  readonly dependencyUp = new Gauge({
    name: 'dependency_up',
    help: 'Whether a dependency the process calls (a peer, the bus, a shared cache) answered its last check (1) or not (0); readiness does not wait on it',
    labelNames: ['dependency'] as const,
    registers: [this.registry],
  });

  readonly courierCalls = new Gauge({
    name: 'courier_calls_waiting',
    help: "Calls to courier networks queued or under way in this process's fleet lanes",
    registers: [this.registry],
  });

  readonly courierRequests = new Counter({
    name: 'courier_requests_total',
    help: 'Requests to courier networks, by network, operation (dispatch, cancel, status) and outcome (ok, refused: not worth another try, unavailable: tried again)',
    labelNames: ['connector', 'operation', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly ready = new Gauge({
    name: 'app_ready',
    help: "Whether the process's last readiness check (/readyz) found its own stores ready (1) or not (0)",
    registers: [this.registry],
  });

  readonly courierCredentialsRefused = new Gauge({
    name: 'courier_fleet_credentials_refused',
    help: "Courier fleets whose network refuses our credentials (1 each), since its last good answer, at the courier sweep's last pass",
    labelNames: ['account', 'fleet', 'connector'] as const,
    registers: [this.registry],
  });

  /** The process's CPU, memory, event loop and handles; once per process. */
  withProcessMetrics(): this {
    collectDefaultMetrics({ register: this.registry });
    return this;
  }
}
