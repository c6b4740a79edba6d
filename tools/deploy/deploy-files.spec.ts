import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { z as zod } from 'zod';
import { ALL_TOPICS } from '@delivery/contracts';
import { INDEXED_APPS } from '../db/indexes';
import { opsConfigShape } from '@delivery/config';
import { gatewayConfigSchema } from '../../apps/gateway/src/config';
import { orderLifecycleConfigSchema } from '../../apps/order-lifecycle/src/config';
import { quoteConfigSchema } from '../../apps/quote/src/config';
import { notesConfigSchema } from '../../apps/notes/src/config';
import { sandboxFleetConfigSchema } from '../../apps/sandbox-fleet/src/config';
import { webhookDispatcherConfigSchema } from '../../apps/webhook-dispatcher/src/config';
import { notifierConfigSchema } from '../../apps/notifier/src/config';
import ConnectionString from 'mongodb-connection-string-url';
import { deploymentFiles } from './deployments';

/**
 * No Docker engine or cluster runs on our machines, so the deploy files are checked for
 * shape: what they start is what the build makes, and every variable they set is one
 * the app reads.
 */
const ROOT = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const keysOf = (schema: z.ZodObject) => Object.keys(schema.shape);

const APPS: Record<string, string[]> = {
  'dist/apps/gateway/src/main.js': keysOf(gatewayConfigSchema),
  'dist/apps/order-lifecycle/src/main.js': keysOf(orderLifecycleConfigSchema),
  'dist/apps/quote/src/main.js': keysOf(quoteConfigSchema),
  'dist/apps/notes/src/main.js': keysOf(notesConfigSchema),
  'dist/apps/webhook-dispatcher/src/main.js': keysOf(webhookDispatcherConfigSchema),
  'dist/apps/notifier/src/main.js': keysOf(notifierConfigSchema),
  'dist/apps/sandbox-fleet/src/main.js': keysOf(sandboxFleetConfigSchema),
  'dist/apps/admin/src/main.js': ['MONGO_URL', 'REDIS_URL', 'ORDER_LIFECYCLE_ADDRESS', 'DATA_DIR', 'SECRETS_KEY', 'SECRETS_PREVIOUS_KEYS'],
};
const OPS_KEYS = Object.keys(zod.object(opsConfigShape(0)).shape);
const built = JSON.parse(read('package.json')).scripts.build as string;

function appOf(command: string[]): string {
  const entry = command.find((part) => part.startsWith('dist/'));
  expect(entry && APPS[entry]).toBeDefined();
  expect(built).toContain(entry!.replace('dist/', '').replace('.js', '.ts'));
  return entry!;
}

/** The Node the project brings with it: the `node` package's major version. */
const RUNTIME_MAJOR = /\d+/.exec(JSON.parse(read('package.json')).devDependencies.node)![0];

describe('the runtime', () => {
  it('every test runs on the Node the project installs, a supported LTS', () => {
    expect(Number(RUNTIME_MAJOR)).toBeGreaterThanOrEqual(24);
    expect(process.versions.node.split('.')[0]).toBe(RUNTIME_MAJOR);
  });

  it('engines and the build target name that Node', () => {
    const pkg = JSON.parse(read('package.json'));
    expect(pkg.engines.node).toMatch(new RegExp(`^>=${RUNTIME_MAJOR}\\.`));
    expect(pkg.scripts.build).toContain(`--target=node${RUNTIME_MAJOR}`);
  });
});

describe('deploy files', () => {
  it("each app's Kubernetes objects are what `npm run deployments` writes from their one template", () => {
    for (const [file, content] of Object.entries(deploymentFiles())) expect({ file, content: read(file) }).toEqual({ file, content });
  });

  it('the Dockerfile builds and runs on the Node the project installs, and each app image is the one base with its built app', () => {
    const dockerfile = read('deploy/Dockerfile');
    const froms = [...dockerfile.matchAll(/^FROM node:(\d+)-/gm)].map((m) => m[1]);
    expect(froms).toEqual([RUNTIME_MAJOR, RUNTIME_MAJOR]);
    expect(dockerfile).toContain('RUN npm install');
    expect(dockerfile).toContain('npm run build');
    const targets = [...dockerfile.matchAll(/^FROM base(?: AS ([\w-]+))?\nCMD (\[.*\])$/gm)].map(([, target, cmd]) => ({
      target: target ?? '(default)',
      app: appOf(JSON.parse(cmd!) as string[]),
    }));
    expect(targets.map((t) => t.target)).toEqual([
      'gateway',
      'order-lifecycle',
      'quote',
      'notes',
      'webhook-dispatcher',
      'notifier',
      'admin',
      '(default)',
    ]);
    for (const { target, app } of targets) if (target !== '(default)') expect(app).toBe(`dist/apps/${target}/src/main.js`);
  });

  it('docker-compose runs each app with variables it reads, and creates every topic', () => {
    const compose = parse(read('docker-compose.yml')) as { services: Record<string, any> };
    const apps = Object.values(compose.services).filter((s) => s.build);
    expect(apps.length).toBeGreaterThanOrEqual(3);
    for (const service of apps) {
      const entry = appOf(service.command ?? service.entrypoint);
      for (const name of Object.keys(service.environment ?? {})) expect(APPS[entry]).toContain(name);
    }
    // The admin CLI reaches what the apps use: the same MongoDB, Redis (usage) and order-lifecycle (orders).
    expect(Object.keys(compose.services.admin.environment)).toEqual(
      expect.arrayContaining(['MONGO_URL', 'REDIS_URL', 'ORDER_LIFECYCLE_ADDRESS', 'SECRETS_KEY']),
    );
    const topicCommands = JSON.stringify(compose.services);
    for (const topic of ALL_TOPICS) expect(topicCommands).toContain(topic);
  });

  describe('the Kubernetes manifests (kustomize base and the example overlay)', () => {
    const dirs = ['deploy/k8s/base', 'deploy/k8s/overlays/example'];
    const kustomizations = dirs.map((dir) => ({ dir, ...(parse(read(`${dir}/kustomization.yaml`)) as { resources: string[] }) }));
    const docs = dirs.flatMap((dir) =>
      readdirSync(join(ROOT, dir))
        .filter((file) => file !== 'kustomization.yaml')
        .flatMap((file) => parseAllDocuments(read(`${dir}/${file}`)).map((doc) => ({ file: `${dir}/${file}`, doc: doc.toJS() as any }))),
    );
    const byKind = (kind: string) => docs.filter((d) => d.doc.kind === kind).map((d) => d.doc);

    it('list only files that exist, and every manifest is listed', () => {
      for (const { dir, resources } of kustomizations) {
        for (const resource of resources) expect(existsSync(join(ROOT, dir, resource))).toBe(true);
      }
      const listed = kustomizations.flatMap(({ dir, resources }) => resources.map((r) => join(dir, r)));
      for (const { file } of docs) expect(listed).toContain(file);
    });

    it('each is valid against the Kubernetes JSON schemas of its kind', () => {
      const models: Record<string, new (data: any) => { validate(): void }> = {
        'apps/v1/Deployment': Deployment,
        'v1/Service': Service,
        'v1/ConfigMap': ConfigMap,
        'v1/Secret': Secret,
        'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
        'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
        'batch/v1/Job': Job,
      };
      for (const { file, doc } of docs) {
        const Model = models[`${doc.apiVersion}/${doc.kind}`];
        expect({ file, kind: `${doc.apiVersion}/${doc.kind}`, known: Boolean(Model) }).toMatchObject({ known: true });
        expect(() => new Model!(doc).validate()).not.toThrow();
      }
    });

    it('run each app with variables it reads, its probes on its operations port, non-root on a read-only root', () => {
      const configKeys = Object.keys(byKind('ConfigMap')[0].data);
      const secretKeys = Object.keys(byKind('Secret')[0].stringData);
      for (const deployment of byKind('Deployment')) {
        const pod = deployment.spec.template.spec;
        expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
        expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 1000 });
        for (const container of pod.containers) {
          const entry = appOf(container.command);
          const reads = [...APPS[entry]!, ...OPS_KEYS];
          for (const env of container.env) {
            expect({ app: entry, variable: env.name, read: reads.includes(env.name) }).toMatchObject({ read: true });
            if (env.valueFrom?.configMapKeyRef) expect(configKeys).toContain(env.valueFrom.configMapKeyRef.key);
            if (env.valueFrom?.secretKeyRef) expect(secretKeys).toContain(env.valueFrom.secretKeyRef.key);
          }
          const opsPort = container.ports.find((p: any) => p.name === 'ops').containerPort;
          expect(container.env.find((e: any) => e.name === 'OPS_PORT').value).toBe(String(opsPort));
          expect(container.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'ops' });
          expect(container.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'ops' });
          expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false });
          expect(container.resources.requests).toBeDefined();
        }
        // Readiness false, the drain pause, then the app's own bounded stop: all inside the grace period.
        const config = byKind('ConfigMap')[0].data;
        expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(
          Number(config.SHUTDOWN_DRAIN_MS) + Number(config.SHUTDOWN_TIMEOUT_MS),
        );
      }
    });

    it("dial each service's pods through a headless Service, so calls spread over every replica", () => {
      const config = byKind('ConfigMap').find((c) => c.metadata.name === 'delivery-config');
      const targets = Object.entries(config.data as Record<string, string>).filter(([key]) => /^[A-Z_]+(?<!GRPC)_ADDRESS$/.test(key));
      expect(targets.length).toBe(5);
      for (const [, target] of targets) {
        const [, name, port] = /^dns:\/\/\/([a-z-]+):(\d+)$/.exec(target) ?? [];
        const service = byKind('Service').find((s) => s.metadata.name === name);
        expect(service?.spec.clusterIP).toBe('None');
        expect(service.spec.ports.map((p: { port: number }) => String(p.port))).toContain(port);
      }
    });

    it('give each Service, autoscaler and disruption budget a Deployment, and the topics Job every topic', () => {
      const deployments = byKind('Deployment');
      const selects = (selector: Record<string, string>) =>
        deployments.find((d) => Object.entries(selector).every(([k, v]) => d.spec.template.metadata.labels[k] === v));
      for (const service of byKind('Service')) {
        const target = selects(service.spec.selector);
        const portNames = target.spec.template.spec.containers.flatMap((c: any) => c.ports.map((p: any) => p.name));
        for (const port of service.spec.ports) expect(portNames).toContain(port.targetPort);
      }
      for (const hpa of byKind('HorizontalPodAutoscaler'))
        expect(deployments.map((d) => d.metadata.name)).toContain(hpa.spec.scaleTargetRef.name);
      for (const pdb of byKind('PodDisruptionBudget')) expect(selects(pdb.spec.selector.matchLabels)).toBeDefined();
      const stateless = ['gateway', 'order-lifecycle', 'quote', 'notes', 'webhook-dispatcher', 'notifier'];
      expect(
        byKind('HorizontalPodAutoscaler')
          .map((h) => h.metadata.name)
          .sort(),
      ).toEqual([...stateless].sort());
      const [topicsJob, indexesJob] = ['kafka-topics', 'mongo-indexes'].map((name) =>
        JSON.stringify(byKind('Job').find((job) => job.metadata.name === name)),
      );
      for (const topic of ALL_TOPICS) expect(topicsJob).toContain(topic);
      expect(topicsJob).toContain('--replication-factor \\"$KAFKA_REPLICATION_FACTOR\\"');
      expect(Number(byKind('ConfigMap')[0].data.KAFKA_REPLICATION_FACTOR)).toBeGreaterThanOrEqual(3);
      // acks=all is durable only with more than one copy required in sync, and fewer than all (one broker may be down).
      expect(topicsJob).toContain('--config min.insync.replicas=\\"$KAFKA_MIN_INSYNC_REPLICAS\\"');
      const minInSync = Number(byKind('ConfigMap')[0].data.KAFKA_MIN_INSYNC_REPLICAS);
      expect(minInSync).toBeGreaterThanOrEqual(2);
      expect(minInSync).toBeLessThan(Number(byKind('ConfigMap')[0].data.KAFKA_REPLICATION_FACTOR));
      const mongoUrl = new ConnectionString(byKind('Secret')[0].stringData.MONGO_URL);
      expect(mongoUrl.hosts.length).toBeGreaterThanOrEqual(3);
      expect(mongoUrl.searchParams.get('replicaSet')).toBeTruthy();
      expect(mongoUrl.searchParams.get('w')).toBe('majority');
      // The index Job runs what `npm run db:indexes` runs, each entry one the build makes.
      expect(indexesJob).toContain(`for app in ${INDEXED_APPS.join(' ')};`);
      for (const app of INDEXED_APPS) expect(built).toContain(`apps/${app}/src/indexes.ts`);
    });
  });
});
