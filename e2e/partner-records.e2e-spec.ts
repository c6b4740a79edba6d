import fc from 'fast-check';
import { quoteResponseSchema, shipResponseSchema } from '@delivery/contracts';
import { partnerFulfillmentCancel, partnerReleaseOrderRecord, partnerShipRequest } from '@delivery/testing';
import { minutesFromNow } from './support/planned-flow';
import { call, startHarness, tokenFor, V1_ORDERS, V2, type Harness } from './support/standalone-harness';

/**
 * Every call of both flows with the platform's full records as they are (libs/testing
 * partner-records): the fields we do not act on are carried, whatever their shape.
 */
describe('the partner platform full records, through every endpoint', () => {
  let harness: Harness;
  let token: string;

  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(() => harness.stop());
  beforeEach(async () => {
    token = await tokenFor(harness);
  });

  const ids = (n: string) => ({ fulfillmentId: `FUL-PR-${n}`, orderId: `ORD-PR-${n}` });

  it('Same-Day: creates from the full ship request, echoes its carried fields in Get Order, cancels with the FulfillmentCancel event', async () => {
    const request = partnerShipRequest(ids('1'));
    const created = await call(harness, 'POST', V1_ORDERS, { token, json: request });
    expect(created.status).toBe(200);
    const shipment = shipResponseSchema.parse(created.body).completedShipments![0]!;
    // 2.5 KG as text + 16 oz; 12 x 8 x 5 in (no units given) and 300 x 200 x 50 mm.
    expect(shipment.billingWeight).toEqual({ value: 2.954, weightUnits: 'KG' });
    expect(shipment.completedPackages.map((p) => [p.packageType, p.dimensions])).toEqual([
      ['CUSTOM_PACKAGE', { length: 30.5, width: 20.3, height: 12.7, units: 'CM' }],
      ['BOX', { length: 30, width: 20, height: 5, units: 'CM' }],
    ]);
    expect(shipment.way_points[0]).toMatchObject({
      contact: { phoneNumber: '+1 (217) 555-0100 ext. 2271' },
      address: { streetLines: ['1 Market St', 'Loading Dock B'], postalCode: '62701' },
    });

    const fetched = await call(harness, 'GET', `${V1_ORDERS}/${shipment.task_id}`, { token });
    const { platform_fields } = fetched.body.completedShipments[0];
    const sent = request.shipRequest.shipment;
    expect(platform_fields).toEqual({
      ShipFromLocationId: sent.ShipFromLocationId,
      ShipViaId: sent.ShipViaId,
      IsHazmat: sent.IsHazmat,
      IsSignatureRequired: sent.IsSignatureRequired,
      TotalPackageCount: sent.TotalPackageCount,
      referenceFields: sent.referenceFields,
      customerReferences: sent.customerReferences,
      dropOffType: sent.dropOffType,
      specialService: sent.specialService,
    });

    const cancelled = await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, json: partnerFulfillmentCancel(ids('1').fulfillmentId) });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.severityType).toBe('SUCCESS');
    const after = await call(harness, 'GET', `${V1_ORDERS}/${shipment.task_id}`, { token });
    expect(after.body.completedShipments[0].status).toBe('cancelled');
  });

  it('Same-Day: goods valued in EUR are charged in the service plan currency', async () => {
    const request = partnerShipRequest(ids('EUR'));
    Object.assign(request.shipRequest.shipment, { currencyCode: 'eur', monetaryValue: { Amount: '111.00' } });
    const { status, body } = await call(harness, 'POST', V1_ORDERS, { token, json: request });
    expect(status).toBe(200);
    expect(body.completedShipments[0].shippingCharge.totalCharge).toEqual({ amount: 17.36, currency: 'USD' });
  });

  it('Cancel Order finds the fulfillment id in a change pair when the current object lacks it', async () => {
    await call(harness, 'POST', V1_ORDERS, { token, json: partnerShipRequest(ids('2')) });
    const event = partnerFulfillmentCancel(ids('2').fulfillmentId);
    const { FulfillmentId: _dropped, ...currentObject } = event.CurrentObject;
    const body = {
      ...event,
      CurrentObject: currentObject,
      ChangeSet: { ...event.ChangeSet, FulfillmentId: { Old: null, New: ids('2').fulfillmentId } },
    };
    const { status, body: answer } = await call(harness, 'POST', `${V1_ORDERS}/cancel`, { token, json: body });
    expect(status).toBe(200);
    expect(answer.notifications[0].message).toContain(ids('2').fulfillmentId);
  });

  it('Planned: quotes goods valued in EUR in the fleets own currency, soft-reserves and confirms with the release order record', async () => {
    const request = partnerShipRequest(ids('3'));
    const shipment = {
      ...request.shipRequest.shipment,
      currencyCode: 'EUR',
      monetaryValue: '99.90',
      shipDate: '2026-11-23T10:00:00.000000Z',
      deliveryDate: '2026-11-23',
    };
    const quoted = await call(harness, 'POST', `${V2}/quotes`, {
      token,
      json: { shipRequest: { ...request.shipRequest, carrierCode: null, shipment } },
    });
    expect(quoted.status).toBe(200);
    const { quotes, quote_errors } = quoteResponseSchema.parse(quoted.body);
    expect(quote_errors).toEqual([]);
    expect(quotes!.length).toBeGreaterThan(0);
    expect(new Set(quotes!.map((q) => q.currency_code))).toEqual(new Set(['USD']));

    const extended = { ...shipment.extended, quoteId: quotes![0]!.id, reservedUntil: minutesFromNow(harness, 20) };
    const reserved = await call(harness, 'POST', `${V2}/orders`, {
      token,
      json: { shipRequest: { ...request.shipRequest, carrierCode: null, shipment: { ...shipment, extended } } },
    });
    expect(reserved.status).toBe(200);
    expect(reserved.body.completedShipments[0]).toMatchObject({ status: 'reserved', ready_to_execute: false });

    const confirmed = await call(harness, 'PATCH', `${V2}/orders`, { token, json: partnerReleaseOrderRecord(ids('3').orderId) });
    expect(confirmed.status).toBe(204);
    const after = await call(harness, 'GET', `${V1_ORDERS}/${reserved.body.completedShipments[0].task_id}`, { token });
    expect(after.body.completedShipments[0]).toMatchObject({ status: 'confirmed', ready_to_execute: true });
  });

  it('over HTTP: arbitrary JSON in carried fields never changes the answer; a refused field is a 400 in the envelope naming it', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), fc.jsonValue(), fc.jsonValue(), async (messages, references, special) => {
        const request = partnerShipRequest(ids(`P${n++}`));
        Object.assign(request.shipRequest, { Messages: messages });
        Object.assign(request.shipRequest.shipment, { referenceFields: references, specialService: special, [`x${n}`]: messages });
        const { status, body } = await call(harness, 'POST', V1_ORDERS, { token, json: request });
        expect(status).toBe(200);
        expect(body.completedShipments[0].shippingCharge.totalCharge).toEqual({ amount: 17.36, currency: 'USD' });
      }),
      { numRuns: 25 },
    );
    for (const [field, value] of [
      ['orderId', ''],
      ['shipDate', 'tomorrow'],
      ['monetaryValue', '-3'],
    ] as const) {
      const request = partnerShipRequest(ids(`R-${field}`));
      Object.assign(request.shipRequest.shipment, { [field]: value });
      const { status, body } = await call(harness, 'POST', V1_ORDERS, { token, json: request });
      expect(status).toBe(400);
      expect(shipResponseSchema.parse(body)).toMatchObject({ severityType: 'ERROR', completedShipments: [] });
      expect(body.notifications[0].message).toContain(`shipRequest.shipment.${field}`);
    }
  });
});
