import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PATHS } from '../routes/paths';
import { openApiDocument, openApiPath } from './openapi-document';

describe('the OpenAPI document', () => {
  const document = openApiDocument();

  // The validator is an ES module only, which Jest's CommonJS runtime cannot load: it runs in its own node.
  it('is valid OpenAPI 3.1 to an independent validator', () => {
    const script = `
      import { readFileSync } from 'node:fs';
      import { Validator } from '@seriousme/openapi-schema-validator';
      const result = await new Validator().validate(JSON.parse(readFileSync(0, 'utf8')));
      console.log(JSON.stringify({ valid: result.valid, errors: result.errors ?? [] }));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: join(__dirname, '..', '..', '..', '..'),
      input: JSON.stringify(document),
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ valid: true, errors: [] });
    expect(document.openapi).toBe('3.1.0');
  });

  it("passes Redocly's lint with its recommended rules, run as its CLI", () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const run = spawnSync(
      join(__dirname, '..', '..', '..', '..', 'node_modules', '.bin', 'redocly'),
      ['lint', file, '--extends', 'recommended', '--format', 'json'],
      { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
    );
    rmSync(dir, { recursive: true, force: true });
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number };
      problems: { ruleId: string; location: { pointer: string }[] }[];
    };
    // The warnings left: the console's and the driver app's pages are pages, whose answers have no 4XX to declare.
    expect(report.problems.map((p) => `${p.ruleId} ${p.location[0]!.pointer}`).sort()).toEqual([
      'operation-4xx-response #/paths/~1console/get/responses',
      'operation-4xx-response #/paths/~1driver/get/responses',
    ]);
    expect(report.totals.errors).toBe(0);
    expect(run.status).toBe(0);
  }, 30_000);

  it('shares what operations repeat (schemas and error answers by $ref), so the whole stays under 200 KB', () => {
    expect(JSON.stringify(document).length).toBeLessThan(200_000);
    const responses = (document.paths[openApiPath(PATHS.createOrder)]!.post as { responses: Record<string, unknown> }).responses;
    expect(responses['400']).toEqual({ $ref: '#/components/responses/ShipEnvelope' });
    expect(Object.keys(document.components.responses)).toEqual(['ShipEnvelope', 'ProblemDocument', 'OAuthError']);
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Address', 'Shipment']));
  });

  it('has every endpoint the gateway serves, and nothing it does not', () => {
    const served = new Set(
      Object.entries(PATHS)
        .filter(([name]) => !['home', 'favicon', 'health', 'openApi', 'apiDocs'].includes(name))
        .map(([, path]) => openApiPath(path)),
    );
    expect(new Set(Object.keys(document.paths))).toEqual(served);
  });

  it('lists the query parameters the routes read, by the schemas they read them with', () => {
    const query = (path: string) =>
      (document.paths[openApiPath(path)]!.get as { parameters: { name: string; in: string; required: boolean }[] }).parameters
        .filter((p) => p.in === 'query')
        .map((p) => `${p.name}${p.required ? '!' : ''}`);
    expect(query(PATHS.consoleDeliveries)).toEqual(['q', 'status', 'fleet_id', 'from', 'to', 'late', 'cursor', 'limit']);
    expect(query(PATHS.consoleWebhookDeliveries)).toEqual(query(PATHS.webhookDeliveries));
    expect(query(PATHS.webhookDeliveries)).toEqual(expect.arrayContaining(['endpoint_id', 'status', 'since', 'limit', 'task_id']));
    expect(query(PATHS.legacyNotes)).toEqual(['access_token!', 'timestamp!', 'signature!']);
  });
});
