import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import type { z } from 'zod';
import { ALL_TOPICS } from '@delivery/contracts';
import { gatewayConfigSchema } from '../../apps/gateway/src/config';
import { orderLifecycleConfigSchema } from '../../apps/order-lifecycle/src/config';
import { quoteConfigSchema } from '../../apps/quote/src/config';
import { notesConfigSchema } from '../../apps/notes/src/config';
import { sandboxFleetConfigSchema } from '../../apps/sandbox-fleet/src/config';
import { webhookDispatcherConfigSchema } from '../../apps/webhook-dispatcher/src/config';

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
  'dist/apps/sandbox-fleet/src/main.js': keysOf(sandboxFleetConfigSchema),
  'dist/apps/admin/src/main.js': ['MONGO_URL', 'DATA_DIR'],
};
const built = JSON.parse(read('package.json')).scripts.build as string;

function appOf(command: string[]): string {
  const entry = command.find((part) => part.startsWith('dist/'));
  expect(entry && APPS[entry]).toBeDefined();
  expect(built).toContain(entry!.replace('dist/', '').replace('.js', '.ts'));
  return entry!;
}

describe('deploy files', () => {
  it('the Dockerfile builds on Node 20 and starts a built app', () => {
    const dockerfile = read('deploy/Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:20/m);
    expect(dockerfile).toContain('RUN npm install');
    expect(dockerfile).toContain('npm run build');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    appOf(cmd);
  });

  it('docker-compose runs each app with variables it reads, and creates every topic', () => {
    const compose = parse(read('docker-compose.yml')) as { services: Record<string, any> };
    const apps = Object.values(compose.services).filter((s) => s.build);
    expect(apps.length).toBeGreaterThanOrEqual(3);
    for (const service of apps) {
      const entry = appOf(service.command ?? service.entrypoint);
      for (const name of Object.keys(service.environment ?? {})) expect(APPS[entry]).toContain(name);
    }
    const topicCommands = JSON.stringify(compose.services);
    for (const topic of ALL_TOPICS) expect(topicCommands).toContain(topic);
  });

  it('the Kubernetes manifests hang together', () => {
    const docs = readdirSync(join(ROOT, 'deploy/k8s')).flatMap((file) =>
      parseAllDocuments(read(`deploy/k8s/${file}`)).map((doc) => doc.toJS() as any),
    );
    for (const doc of docs) {
      expect(doc.apiVersion).toBeTruthy();
      expect(doc.kind).toBeTruthy();
      expect(doc.metadata.name).toMatch(/^[a-z0-9-]+$/);
    }
    const byKind = (kind: string) => docs.filter((d) => d.kind === kind);
    const configKeys = Object.keys(byKind('ConfigMap')[0].data);
    const secretKeys = Object.keys(byKind('Secret')[0].stringData);
    for (const deployment of byKind('Deployment')) {
      const labels = deployment.spec.template.metadata.labels;
      expect(labels).toMatchObject(deployment.spec.selector.matchLabels);
      for (const container of deployment.spec.template.spec.containers) {
        const entry = appOf(container.command);
        for (const env of container.env) {
          expect(APPS[entry]).toContain(env.name);
          if (env.valueFrom?.configMapKeyRef) expect(configKeys).toContain(env.valueFrom.configMapKeyRef.key);
          if (env.valueFrom?.secretKeyRef) expect(secretKeys).toContain(env.valueFrom.secretKeyRef.key);
        }
      }
    }
    for (const service of byKind('Service')) {
      const target = byKind('Deployment').find((d) =>
        Object.entries(service.spec.selector).every(([k, v]) => d.spec.template.metadata.labels[k] === v),
      );
      expect(target).toBeDefined();
      const portNames = target.spec.template.spec.containers.flatMap((c: any) => c.ports.map((p: any) => p.name));
      for (const port of service.spec.ports) expect(portNames).toContain(port.targetPort);
    }
  });
});
