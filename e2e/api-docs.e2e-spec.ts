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
    expect(await served.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));

    const page = await fetch(`${harness.url}/docs/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    const init = await fetch(`${harness.url}/docs/swagger-ui-init.js`);
    expect(await init.text()).toContain('/openapi.json');
  });
});
