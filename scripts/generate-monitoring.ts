/**
 * Writes what the platform team applies to watch the apps, from their one definition each:
 * the PrometheusRule from deploy/monitoring/delivery.rules.yml, and the Grafana dashboard
 * (tools/monitoring/dashboard.ts) as JSON and as the ConfigMap Grafana's sidecar provisions.
 * `--check` fails if a file would change.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { deliveryDashboard } from '../tools/monitoring/dashboard';
import { writeGenerated } from './generated-files';

const ROOT = join(__dirname, '..');
const HEADER = '# Written by `npm run monitoring`: edit deploy/monitoring/delivery.rules.yml or tools/monitoring/dashboard.ts instead.\n';
const LABELS = { 'app.kubernetes.io/part-of': 'delivery-orchestration' };

export function monitoringFiles(): Record<string, string> {
  const rules = parse(readFileSync(join(ROOT, 'deploy/monitoring/delivery.rules.yml'), 'utf8')) as { groups: unknown[] };
  const dashboard = `${JSON.stringify(deliveryDashboard(), null, 2)}\n`;
  return {
    'deploy/monitoring/delivery-dashboard.json': dashboard,
    'deploy/k8s/monitoring/prometheus-rule.yaml':
      HEADER +
      stringify({
        apiVersion: 'monitoring.coreos.com/v1',
        kind: 'PrometheusRule',
        metadata: { name: 'delivery-orchestration', labels: LABELS },
        spec: { groups: rules.groups },
      }),
    'deploy/k8s/monitoring/grafana-dashboard.yaml':
      HEADER +
      stringify({
        apiVersion: 'v1',
        kind: 'ConfigMap',
        // The Grafana Helm chart's dashboard sidecar loads every ConfigMap with this label.
        metadata: { name: 'delivery-orchestration-dashboard', labels: { ...LABELS, grafana_dashboard: '1' } },
        data: { 'delivery-orchestration.json': dashboard },
      }),
  };
}

if (require.main === module) writeGenerated(monitoringFiles(), 'monitoring');
