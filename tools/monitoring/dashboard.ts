/**
 * The Grafana dashboard shipped with the manifests (deploy/monitoring/delivery-dashboard.json,
 * and as a ConfigMap the Grafana sidecar provisions): the signals the alerts read, per app,
 * so the page that woke someone shows where to look. `npm run monitoring` writes it.
 */

interface Panel {
  title: string;
  /** One query per line drawn; `{{label}}` legends. */
  targets: { expr: string; legend: string }[];
  unit: string;
  description: string;
}

interface Row {
  title: string;
  panels: Panel[];
}

const APP = 'app=~"$app"';

const ROWS: Row[] = [
  {
    title: 'Gateway (the callers’ API)',
    panels: [
      {
        title: 'Requests by route',
        unit: 'reqps',
        description: 'Requests answered a second, by route pattern.',
        targets: [{ expr: 'sum by (route) (rate(http_request_duration_seconds_count[5m]))', legend: '{{route}}' }],
      },
      {
        title: '5xx ratio by route',
        unit: 'percentunit',
        description: 'Share of requests answered with a 5xx (the availability SLO counts these).',
        targets: [{ expr: 'route:http_error_ratio:rate5m', legend: '{{route}}' }],
      },
      {
        title: 'p99 latency by route',
        unit: 's',
        description: 'The 99th percentile of answer times, by route (the latency SLO: 99 % within 0.5 s).',
        targets: [{ expr: 'route:http_request_duration_seconds:p99_5m', legend: '{{route}}' }],
      },
      {
        title: 'SLO burn rate (1 h)',
        unit: 'none',
        description: 'How fast each error budget burns: 1 lasts the 30 days; the page fires above 14.4 with the 5-minute rate agreeing.',
        targets: [
          { expr: 'gateway:http_error_ratio:rate1h / 0.001', legend: 'availability' },
          { expr: 'gateway:http_slow_ratio:rate1h / 0.01', legend: 'latency' },
        ],
      },
      {
        title: 'Refused for a quota (429)',
        unit: 'reqps',
        description: 'Requests refused with 429, by the quota that refused them.',
        targets: [{ expr: 'sum by (scope) (rate(rate_limit_rejections_total[5m]))', legend: '{{scope}}' }],
      },
    ],
  },
  {
    title: 'Apps',
    panels: [
      {
        title: 'Ready',
        unit: 'none',
        description: "1 while a pod's own stores answer its readiness check.",
        targets: [{ expr: `min by (app, pod) (app_ready{${APP}})`, legend: '{{pod}}' }],
      },
      {
        title: 'Dependencies answering',
        unit: 'none',
        description: 'What each app calls (peers, the bus, Redis), 1 while it answers; never makes an app unready.',
        targets: [{ expr: `min by (app, dependency) (dependency_up{${APP}})`, legend: '{{app}} → {{dependency}}' }],
      },
      {
        title: 'gRPC calls by method and code',
        unit: 'reqps',
        description: 'Calls each service handled a second.',
        targets: [
          {
            expr: `sum by (app, method, code) (rate(grpc_server_handling_seconds_count{${APP}}[5m]))`,
            legend: '{{app}} {{method}} {{code}}',
          },
        ],
      },
      {
        title: 'gRPC p99 by app',
        unit: 's',
        description: "The 99th percentile of each service's handling time.",
        targets: [
          {
            expr: `histogram_quantile(0.99, sum by (app, le) (rate(grpc_server_handling_seconds_bucket{${APP}}[5m])))`,
            legend: '{{app}}',
          },
        ],
      },
      {
        title: 'CPU by app',
        unit: 'percentunit',
        description: 'Cores used, summed over the pods of each app.',
        targets: [{ expr: `sum by (app) (rate(process_cpu_seconds_total{${APP}}[5m]))`, legend: '{{app}}' }],
      },
      {
        title: 'Memory by pod',
        unit: 'bytes',
        description: 'Resident memory of each pod.',
        targets: [{ expr: `process_resident_memory_bytes{${APP}}`, legend: '{{pod}}' }],
      },
      {
        title: 'Event loop lag p99',
        unit: 's',
        description: "How late each pod's event loop runs what is due: high means the process is busy or blocked.",
        targets: [{ expr: `max by (app, pod) (nodejs_eventloop_lag_p99_seconds{${APP}})`, legend: '{{pod}}' }],
      },
    ],
  },
  {
    title: 'Events (outboxes, Kafka consumers)',
    panels: [
      {
        title: 'Outbox lag',
        unit: 's',
        description: "Age of each service's oldest event not yet on Kafka (the page fires past a minute for 5 minutes).",
        targets: [{ expr: 'max by (service) (outbox_lag_seconds)', legend: '{{service}}' }],
      },
      {
        title: 'Outbox backlog',
        unit: 'none',
        description: 'Events written and not yet published, at the last read (at most one batch).',
        targets: [{ expr: 'sum by (service) (outbox_backlog)', legend: '{{service}}' }],
      },
      {
        title: 'Consumer lag',
        unit: 'none',
        description: 'Messages each consumer group has not taken yet, by topic.',
        targets: [{ expr: 'max by (group, topic) (consumer_lag_messages)', legend: '{{group}} on {{topic}}' }],
      },
      {
        title: 'Dead letters and passed-over messages',
        unit: 'none',
        description: 'Messages a handler kept failing on (dead letters), and those a consumer could not read, over 15 minutes.',
        targets: [
          { expr: 'sum by (topic) (increase(event_dead_letters_total[15m]))', legend: 'dead letters, {{topic}}' },
          {
            expr: 'sum by (consumer, reason) (increase(events_passed_over_total[15m]))',
            legend: 'passed over by {{consumer}}: {{reason}}',
          },
        ],
      },
    ],
  },
  {
    title: 'Webhooks and courier networks',
    panels: [
      {
        title: 'Webhook tries by outcome',
        unit: 'reqps',
        description: 'Delivered, retried later, failed for good, or given up (dead) after the whole schedule.',
        targets: [{ expr: 'sum by (outcome) (rate(webhook_attempts_total[5m]))', legend: '{{outcome}}' }],
      },
      {
        title: 'Courier requests by outcome',
        unit: 'reqps',
        description: 'Requests to each courier network: ok, refused for good, unavailable (tried again).',
        targets: [{ expr: 'sum by (connector, outcome) (rate(courier_requests_total[5m]))', legend: '{{connector}} {{outcome}}' }],
      },
      {
        title: 'Courier calls waiting, and fleets whose credentials are refused',
        unit: 'none',
        description: "Calls queued or under way in order-lifecycle's courier lanes; fleets a network refuses our credentials for.",
        targets: [
          { expr: 'sum(courier_calls_waiting)', legend: 'calls waiting' },
          { expr: 'sum by (connector) (courier_fleet_credentials_refused)', legend: 'refused, {{connector}}' },
        ],
      },
    ],
  },
];

/** Every query of the dashboard, for the test that checks each names a metric the apps expose. */
export const dashboardQueries = (): string[] => ROWS.flatMap((row) => row.panels.flatMap((panel) => panel.targets.map((t) => t.expr)));

const WIDTH = 8;
const HEIGHT = 8;

/** The dashboard as Grafana's JSON model: a row per area, three panels to a line. */
export function deliveryDashboard(): Record<string, unknown> {
  let id = 0;
  let y = 0;
  const panels: Record<string, unknown>[] = [];
  for (const row of ROWS) {
    panels.push({ id: ++id, type: 'row', title: row.title, collapsed: false, gridPos: { h: 1, w: 24, x: 0, y: y++ }, panels: [] });
    row.panels.forEach((panel, i) => {
      panels.push({
        id: ++id,
        type: 'timeseries',
        title: panel.title,
        description: panel.description,
        datasource: { type: 'prometheus', uid: '${datasource}' },
        gridPos: { h: HEIGHT, w: WIDTH, x: (i % 3) * WIDTH, y: y + Math.floor(i / 3) * HEIGHT },
        fieldConfig: { defaults: { unit: panel.unit }, overrides: [] },
        options: { legend: { displayMode: 'list', placement: 'bottom', showLegend: true }, tooltip: { mode: 'multi', sort: 'desc' } },
        targets: panel.targets.map((target, t) => ({
          refId: String.fromCharCode(65 + t),
          datasource: { type: 'prometheus', uid: '${datasource}' },
          expr: target.expr,
          legendFormat: target.legend,
        })),
      });
    });
    y += Math.ceil(row.panels.length / 3) * HEIGHT;
  }
  return {
    uid: 'delivery-orchestration',
    title: 'Delivery orchestration',
    description: 'The signals the alerts in deploy/monitoring read, per app (docs/operators.md, "Alerts, dashboards and runbooks").',
    tags: ['delivery-orchestration'],
    timezone: 'utc',
    schemaVersion: 39,
    version: 1,
    editable: false,
    refresh: '30s',
    time: { from: 'now-6h', to: 'now' },
    templating: {
      list: [
        { name: 'datasource', label: 'Prometheus', type: 'datasource', query: 'prometheus', current: {}, hide: 0 },
        {
          name: 'app',
          label: 'App',
          type: 'query',
          datasource: { type: 'prometheus', uid: '${datasource}' },
          query: { query: 'label_values(app_ready, app)', refId: 'apps' },
          definition: 'label_values(app_ready, app)',
          includeAll: true,
          multi: true,
          allValue: '.+',
          current: { text: 'All', value: '$__all' },
          refresh: 2,
          hide: 0,
        },
      ],
    },
    annotations: { list: [] },
    panels,
  };
}
