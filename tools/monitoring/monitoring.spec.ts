import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { PodMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PodMonitor';
import { PrometheusRule } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/PrometheusRule';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Metrics } from '@delivery/observability';
import { monitoringFiles } from '../../scripts/generate-monitoring';
import { dashboardQueries } from './dashboard';

/**
 * The alerts and the dashboard in deploy/: checked and unit-tested with Prometheus's own
 * promtool (Debian's `prometheus` package, which scripts/ensure-test-tools.sh installs), the
 * operator's resources against their schemas, and every query against the metrics the apps expose.
 */
const ROOT = join(__dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const RULES = 'deploy/monitoring/delivery.rules.yml';

interface Rule {
  alert?: string;
  record?: string;
  expr: string;
  annotations?: Record<string, string>;
}
const groups = (parse(read(RULES)) as { groups: { name: string; rules: Rule[] }[] }).groups;
const rules = groups.flatMap((group) => group.rules);
const alerts = rules.filter((rule) => rule.alert);

const promtool = (...args: string[]) => {
  const run = spawnSync('promtool', args, { cwd: join(ROOT, 'deploy/monitoring'), encoding: 'utf8' });
  if (run.error) throw new Error(`promtool cannot run (${run.error.message}): bash scripts/ensure-test-tools.sh installs it`);
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
};

/** The metric names a PromQL expression reads: identifiers that are not functions, keywords, labels or strings. */
function metricNames(expr: string): string[] {
  const bare = expr
    .replace(/"[^"]*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ');
  const words = [...bare.matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)].filter((m) => !m[2]).map((m) => m[1]!);
  return words.filter((word) => !/^(and|or|unless|bool|offset|e|Inf|NaN)$/.test(word) && !/^\$/.test(word));
}

describe('the alerts and dashboard shipped in deploy/', () => {
  it('are what `npm run monitoring` writes from their one definition', () => {
    for (const [file, content] of Object.entries(monitoringFiles())) expect({ file, content: read(file) }).toEqual({ file, content });
  });

  it("pass promtool's rule check, as the plain file and as the PrometheusRule's groups", () => {
    const plain = promtool('check', 'rules', 'delivery.rules.yml');
    expect(plain.output).toContain(`SUCCESS: ${rules.length} rules found`);
    const dir = mkdtempSync(join(tmpdir(), 'rules-'));
    try {
      const resource = parse(read('deploy/k8s/monitoring/prometheus-rule.yaml')) as { spec: { groups: unknown } };
      writeFileSync(join(dir, 'from-resource.yml'), JSON.stringify({ groups: resource.spec.groups }));
      expect(promtool('check', 'rules', join(dir, 'from-resource.yml')).status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it("pass promtool's unit tests, in which each alert fires on what should wake someone and stays quiet on a healthy system", () => {
    const run = promtool('test', 'rules', 'delivery.rules.test.yml');
    expect({ status: run.status, output: run.output }).toEqual({ status: 0, output: expect.stringContaining('SUCCESS') });
    const tests = (
      parse(read('deploy/monitoring/delivery.rules.test.yml')) as {
        tests: { alert_rule_test?: { alertname: string; exp_alerts: unknown[] }[] }[];
      }
    ).tests.flatMap((test) => test.alert_rule_test ?? []);
    for (const { alert } of alerts) {
      const mine = tests.filter((test) => test.alertname === alert);
      expect({ alert, fires: mine.some((t) => t.exp_alerts.length > 0), quiet: mine.some((t) => t.exp_alerts.length === 0) }).toEqual({
        alert,
        fires: true,
        quiet: true,
      });
    }
  });

  it('read only metrics the apps expose, or the rules record', () => {
    const catalog = new Metrics().withProcessMetrics();
    const known = new Set(['up', ...rules.flatMap((rule) => (rule.record ? [rule.record] : []))]);
    for (const metric of catalog.registry.getMetricsAsArray() as unknown as { name: string; type: string }[]) {
      known.add(metric.name);
      if (metric.type === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) known.add(`${metric.name}${suffix}`);
    }
    const read = [...rules.map((rule) => rule.expr), ...dashboardQueries()].flatMap(metricNames);
    expect(read.length).toBeGreaterThan(40);
    expect([...new Set(read)].filter((name) => !known.has(name))).toEqual([]);
  });

  it("link each alert to its runbook in the operators' guide, and its section to the alert", () => {
    const readme = read('docs/operators.md');
    for (const { alert, annotations } of alerts) {
      const anchor = annotations?.runbook?.replace('docs/operators.md#', '');
      const headings = [...readme.matchAll(/^### Runbook: (.+)$/gm)].map(
        (m) =>
          `runbook-${m[1]!
            .toLowerCase()
            .replace(/[^a-z0-9 -]/g, '')
            .replace(/ /g, '-')}`,
      );
      expect({ alert, anchor, found: headings.includes(anchor ?? '') }).toEqual({
        alert,
        anchor: expect.stringMatching(/^runbook-/),
        found: true,
      });
    }
  });

  it('are valid Prometheus Operator and Kubernetes resources, all in the monitoring kustomization', () => {
    const kustomization = parse(read('deploy/k8s/monitoring/kustomization.yaml')) as { resources: string[] };
    const models: Record<string, new (data: any) => { validate(): void }> = { PodMonitor, PrometheusRule, ConfigMap };
    const kinds = kustomization.resources.flatMap((file) =>
      parseAllDocuments(read(`deploy/k8s/monitoring/${file}`)).map((doc) => {
        const resource = doc.toJS() as { kind: string };
        expect(() => new models[resource.kind]!(resource).validate()).not.toThrow();
        return resource.kind;
      }),
    );
    expect(kinds.sort()).toEqual(['ConfigMap', 'PodMonitor', 'PrometheusRule']);
    const dashboard = JSON.parse(read('deploy/monitoring/delivery-dashboard.json')) as { uid: string; panels: { type: string }[] };
    expect(dashboard.uid).toBe('delivery-orchestration');
    expect(dashboard.panels.filter((p) => p.type === 'timeseries').length).toBe(dashboardQueries().length > 0 ? 19 : 0);
  });
});
