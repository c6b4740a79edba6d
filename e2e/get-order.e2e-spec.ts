import { shipResponseSchema } from '@delivery/contracts';
import { aShipRequest } from './support/ship-request.fixture';
import { call, createOtherAccount, startHarness, tokenFor, V1_ORDERS, type Harness } from './support/standalone-harness';

describe('GET /partner-integrations-service/v1/integrations/partner/orders/:id (Get Order)', () => {
  let harness: Harness;
  let token: string;
  let created: any;

  beforeAll(async () => {
    harness = await startHarness();
    token = await tokenFor(harness);
    created = (await call(harness, 'POST', V1_ORDERS, { token, json: aShipRequest() })).body.completedShipments[0];
  });
  afterAll(() => harness.stop());

  it.each([['task_id'], ['shipmentId']])('finds the order by its %s, with documents filled', async (idField) => {
    const { status, body } = await call(harness, 'GET', `${V1_ORDERS}/${created[idField]}`, { token });
    expect(status).toBe(200);
    const shipment = shipResponseSchema.parse(body).completedShipments![0]!;
    expect(shipment.task_id).toBe(created.task_id);
    expect(shipment.shipmentId).toBe(created.shipmentId);
    const [document] = shipment.documents;
    const zpl = Buffer.from(document!.image!, 'base64').toString('utf8');
    expect(zpl.startsWith('^XA')).toBe(true);
    expect(zpl.trim().endsWith('^XZ')).toBe(true);
    expect(zpl).toContain(created.completedPackages[0].trackingNumber);
    expect(document!.image_url).toBe(`${harness.url}${V1_ORDERS}/${created.task_id}/documents/${document!.documentId}`);
  });

  it('serves the label at image_url to an authenticated caller', async () => {
    const { body } = await call(harness, 'GET', `${V1_ORDERS}/${created.task_id}`, { token });
    const document = body.completedShipments[0].documents[0];
    const withToken = await fetch(document.image_url, { headers: { authorization: `Bearer ${token}` } });
    expect(withToken.status).toBe(200);
    expect(withToken.headers.get('content-type')).toMatch(/^application\/zpl/);
    expect(await withToken.text()).toBe(Buffer.from(document.image, 'base64').toString('utf8'));
    expect((await fetch(document.image_url)).status).toBe(401);
  });

  it("answers an unknown id with 404 and the spec's general error", async () => {
    const { status, body } = await call(harness, 'GET', `${V1_ORDERS}/tsk_000000000000000000000000`, { token });
    expect(status).toBe(404);
    expect(body).toMatchObject({ severityType: 'ERROR', provider: null, completedShipments: [] });
    expect(body.notifications[0].message).toMatch(/^General error/);
  });

  it("answers another account's order exactly like an unknown id", async () => {
    const otherToken = await tokenFor(harness, await createOtherAccount(harness));
    for (const id of [created.task_id, created.shipmentId]) {
      const theirs = await call(harness, 'GET', `${V1_ORDERS}/${id}`, { token: otherToken });
      const unknownId = id.startsWith('tsk_') ? 'tsk_ffffffffffffffffffffffff' : 'SHPFFFFFFFFFFFFFFFFFFFF';
      const unknown = await call(harness, 'GET', `${V1_ORDERS}/${unknownId}`, { token: otherToken });
      expect(theirs.status).toBe(unknown.status);
      expect(JSON.stringify(theirs.body).replace(id, 'ID')).toBe(JSON.stringify(unknown.body).replace(unknownId, 'ID'));
    }
    const document = created.documents[0].documentId;
    const label = await call(harness, 'GET', `${V1_ORDERS}/${created.task_id}/documents/${document}`, { token: otherToken });
    expect(label.status).toBe(404);
  });

  it('refuses an id longer than any we issue with 400', async () => {
    const { status, body } = await call(harness, 'GET', `${V1_ORDERS}/${'x'.repeat(300)}`, { token });
    expect(status).toBe(400);
    expect(body.severityType).toBe('ERROR');
  });
});
