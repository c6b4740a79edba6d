import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiDocument } from '../apps/gateway/src';
import { startHarness, type Harness } from './support/standalone-harness';

describe('the API documents (/openapi.json, /docs)', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.stop());

  it('serves the OpenAPI document, and Swagger UI reading it', async () => {
    const served = await fetch(`${harness.url}/openapi.json`);
    expect(served.status).toBe(200);
    const text = await served.text();
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    // No stale sample: the size the testing guide gives is the one served, within 5 %.
    const shown = Number(/`\/openapi\.json` is (\d+) KiB/.exec(readFileSync(join(__dirname, '..', 'docs', 'testing.md'), 'utf8'))?.[1]);
    const kib = Buffer.byteLength(text) / 1024;
    expect({ shown, served: Math.round(kib), within: Math.abs(shown - kib) <= kib * 0.05 }).toMatchObject({ within: true });

    const page = await fetch(`${harness.url}/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    const init = await fetch(`${harness.url}/docs/swagger-ui-init.js`);
    expect(await init.text()).toContain('/openapi.json');
  });
});
