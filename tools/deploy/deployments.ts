import { stringify } from 'yaml';

/**
 * Each app's Deployment, Services, HorizontalPodAutoscaler and PodDisruptionBudget, from one
 * template and a row per app (what differs: ports, variables, how far it scales), written to
 * deploy/k8s/base by `npm run deployments` and checked current by a test.
 */
interface AppRow {
  name: string;
  /** The API port: the gateway's HTTP (its Service on 80), a service's gRPC. */
  port: { name: 'http' | 'grpc'; container: number; service: number };
  ops: number;
  /** Variables from the ConfigMap (same key), then the Secret's, then literal ones. */
  config: readonly string[];
  secrets: readonly string[];
  /** Config variables read after the secrets (the order kept from the hand-written files). */
  configAfter: readonly string[];
  literal?: Record<string, string>;
  /** Node's options before the entry (docs/decisions.md says why the dispatcher's young generation is larger). */
  nodeOptions?: readonly string[];
  maxReplicas: number;
}

const STOP = ['SHUTDOWN_DRAIN_MS', 'SHUTDOWN_TIMEOUT_MS', 'LOG_LEVEL'];

export const APP_ROWS: readonly AppRow[] = [
  {
    name: 'gateway',
    port: { name: 'http', container: 8080, service: 80 },
    ops: 9400,
    literal: { PORT: '8080' },
    config: [
      'ORDER_LIFECYCLE_ADDRESS',
      'GRPC_DEADLINE_MS',
      'QUOTE_ADDRESS',
      'NOTES_ADDRESS',
      'WEBHOOK_DISPATCHER_ADDRESS',
      'NOTIFIER_ADDRESS',
    ],
    secrets: ['MONGO_URL', 'SECRETS_KEY', 'REDIS_URL'],
    configAfter: [...STOP, 'TRUST_PROXY_HOPS', 'MAP_TILE_URL', 'MAP_ATTRIBUTION'],
    maxReplicas: 10,
  },
  {
    name: 'order-lifecycle',
    port: { name: 'grpc', container: 50051, service: 50051 },
    ops: 9401,
    config: ['ORDER_LIFECYCLE_GRPC_ADDRESS', 'KAFKA_BROKERS', 'QUOTE_ADDRESS'],
    secrets: ['MONGO_URL', 'REDIS_URL', 'SECRETS_KEY'],
    configAfter: STOP,
    maxReplicas: 6,
  },
  {
    name: 'quote',
    port: { name: 'grpc', container: 50052, service: 50052 },
    ops: 9402,
    config: ['QUOTE_GRPC_ADDRESS', 'KAFKA_BROKERS', 'FLEET_QUOTE_BUDGET_MS'],
    secrets: ['MONGO_URL', 'REDIS_URL', 'SECRETS_KEY'],
    configAfter: STOP,
    maxReplicas: 6,
  },
  {
    name: 'notes',
    port: { name: 'grpc', container: 50053, service: 50053 },
    ops: 9403,
    config: ['NOTES_GRPC_ADDRESS', 'KAFKA_BROKERS', 'ORDER_LIFECYCLE_ADDRESS'],
    secrets: ['MONGO_URL'],
    configAfter: STOP,
    maxReplicas: 4,
  },
  {
    name: 'webhook-dispatcher',
    port: { name: 'grpc', container: 50054, service: 50054 },
    ops: 9404,
    nodeOptions: ['--max-semi-space-size=64'],
    config: ['WEBHOOK_DISPATCHER_GRPC_ADDRESS', 'KAFKA_BROKERS'],
    secrets: ['MONGO_URL', 'REDIS_URL', 'SECRETS_KEY'],
    configAfter: STOP,
    maxReplicas: 6,
  },
  {
    name: 'notifier',
    port: { name: 'grpc', container: 50055, service: 50055 },
    ops: 9405,
    config: ['NOTIFIER_GRPC_ADDRESS', 'KAFKA_BROKERS', 'ORDER_LIFECYCLE_ADDRESS'],
    secrets: ['MONGO_URL', 'REDIS_URL', 'SECRETS_KEY'],
    configAfter: ['PUBLIC_BASE_URL', ...STOP],
    maxReplicas: 4,
  },
];

const PART_OF = { 'app.kubernetes.io/part-of': 'delivery-orchestration' };
const fromConfig = (name: string) => ({ name, valueFrom: { configMapKeyRef: { name: 'delivery-config', key: name } } });
const fromSecret = (name: string) => ({ name, valueFrom: { secretKeyRef: { name: 'delivery-secrets', key: name } } });
const probe = (path: string, periodSeconds: number, failureThreshold: number) => ({
  httpGet: { path, port: 'ops' },
  periodSeconds,
  failureThreshold,
});

function documents(app: AppRow): { comment?: string; body: unknown }[] {
  const labels = { 'app.kubernetes.io/name': app.name, ...PART_OF };
  const selector = { 'app.kubernetes.io/name': app.name };
  const metadata = { name: app.name, labels };
  const apiPort = { name: app.port.name, port: app.port.service, targetPort: app.port.name };
  const deployment = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata,
    spec: {
      replicas: 2,
      selector: { matchLabels: selector },
      template: {
        metadata: {
          labels,
          annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(app.ops), 'prometheus.io/path': '/metrics' },
        },
        spec: {
          containers: [
            {
              name: app.name,
              image: 'delivery-orchestration:latest',
              command: ['node', ...(app.nodeOptions ?? []), `dist/apps/${app.name}/src/main.js`],
              ports: [
                { name: app.port.name, containerPort: app.port.container },
                { name: 'ops', containerPort: app.ops },
              ],
              env: [
                ...Object.entries(app.literal ?? {}).map(([name, value]) => ({ name, value })),
                ...app.config.map(fromConfig),
                ...app.secrets.map(fromSecret),
                ...app.configAfter.map(fromConfig),
                { name: 'OPS_PORT', value: String(app.ops) },
              ],
              resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '512Mi' } },
              readinessProbe: probe('/readyz', 5, 2),
              livenessProbe: probe('/healthz', 10, 3),
              startupProbe: probe('/healthz', 2, 30),
              securityContext: { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } },
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          securityContext: { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, seccompProfile: { type: 'RuntimeDefault' } },
          terminationGracePeriodSeconds: 35,
          volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }],
        },
      },
    },
  };
  const service = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata,
    spec: { selector, ports: [apiPort, { name: 'ops', port: app.ops, targetPort: 'ops' }] },
  };
  const headless =
    app.port.name === 'grpc'
      ? [
          {
            comment:
              `Headless: its DNS name answers every ready pod, so callers dialling dns:///${app.name}-grpc spread\n` +
              "their calls round-robin over all of them (a ClusterIP pins each caller's one connection to one pod).",
            body: {
              apiVersion: 'v1',
              kind: 'Service',
              metadata: { name: `${app.name}-grpc`, labels },
              spec: { clusterIP: 'None', selector, ports: [apiPort] },
            },
          },
        ]
      : [];
  const autoscaler = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata,
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: app.name },
      minReplicas: 2,
      maxReplicas: app.maxReplicas,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
    },
  };
  const disruptionBudget = {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata,
    spec: { minAvailable: 1, selector: { matchLabels: selector } },
  };
  return [{ body: deployment }, { body: service }, ...headless, { body: autoscaler }, { body: disruptionBudget }];
}

const HEADER = '# Written by `npm run deployments` from tools/deploy/deployments.ts: edit that instead.\n';

/** Each app's file under deploy/k8s/base, as `npm run deployments` writes it. */
export function deploymentFiles(): Record<string, string> {
  return Object.fromEntries(
    APP_ROWS.map((app) => [
      `deploy/k8s/base/${app.name}.yaml`,
      HEADER +
        documents(app)
          .map(
            ({ comment, body }) =>
              `${comment ? `${comment.replace(/^/gm, '# ')}\n` : ''}${stringify(body, { indentSeq: false, aliasDuplicateObjects: false })}`,
          )
          .join('---\n'),
    ]),
  );
}
