import fc from 'fast-check';
import { COURIER_STAGES } from '../courier-report';
import { COURIER_WEBHOOKS } from '../courier-webhook';
import { reportOfUberDelivery } from './uber-report';

describe("Uber's word on a delivery, in our stages", () => {
  it.each([
    ['pending', 'accepted'],
    ['pickup', 'en_route_to_pickup'],
    ['pickup_complete', 'picked_up'],
    ['dropoff', 'en_route_to_dropoff'],
    ['delivered', 'delivered'],
    ['canceled', 'cancelled'],
    ['returned', 'returned'],
  ])('maps status %s to %s', (status, stage) => {
    expect(reportOfUberDelivery({ id: 'del_1', status })?.stage).toBe(stage);
  });

  it('names the courier with the vehicle, keeps Uber’s id, and knows no other status', () => {
    const report = reportOfUberDelivery({
      id: 'del_1',
      status: 'pickup',
      courier: { name: 'Cori R.', phone_number: '+1555', location: { lat: 1, lng: 2 }, vehicle_type: 'car' },
      dropoff_eta: '2026-11-24T12:30:00Z',
    });
    expect(report).toMatchObject({
      courier: { name: 'Cori R.', phone: '+1555', vehicle: 'car' },
      location: { lat: 1, lng: 2 },
      etas: { pickup: null, dropoff: '2026-11-24T12:30:00.000Z' },
      reference: 'del_1',
    });
    expect(reportOfUberDelivery({ id: 'del_1', status: 'constructor' })).toBeNull();
  });

  it("keeps the drop-off's proof as Uber links it, once delivered, and none before or without links", () => {
    const dropoff = {
      courier_notes: 'Behind the planter',
      verification: { signature: { image_url: 'https://img/s.png', name: 'Joan' }, picture: { image_url: 'https://img/p.jpg' } },
    };
    expect(reportOfUberDelivery({ id: 'del_1', status: 'delivered', dropoff })?.proof).toEqual({
      recipientName: 'Joan',
      signatureUrl: 'https://img/s.png',
      photoUrl: 'https://img/p.jpg',
      note: 'Behind the planter',
    });
    expect(reportOfUberDelivery({ id: 'del_1', status: 'dropoff', dropoff })?.proof).toBeNull();
    expect(reportOfUberDelivery({ id: 'del_1', status: 'delivered', dropoff: { verification: { signature: null } } })?.proof).toBeNull();
  });

  it("reads what Uber's VerificationProof says was checked: the minimum age when min_age_verified, the barcodes scanned with SUCCESS", () => {
    const verification = {
      identification: { min_age_verified: true },
      barcodes: [
        { value: 'TRK-1', type: 'CODE128', scan_result: { outcome: 'SUCCESS', timestamp: '2026-11-22T10:00:00Z' } },
        { value: 'TRK-2', type: 'CODE128', scan_result: { outcome: 'SKIPPED' } },
        { value: 'TRK-3', type: 'CODE128' },
      ],
    };
    expect(reportOfUberDelivery({ id: 'del_1', status: 'delivered', dropoff: { verification } })?.proof).toEqual({
      recipientName: null,
      signatureUrl: null,
      photoUrl: null,
      note: null,
      verified: ['minimum_age'],
      barcodes: ['TRK-1'],
    });
    const refused = { ...verification, identification: { min_age_verified: false }, barcodes: [] };
    expect(reportOfUberDelivery({ id: 'del_1', status: 'delivered', dropoff: { verification: refused } })?.proof).toBeNull();
  });

  it("gives Uber's undeliverable reason beside ours, and our code for it", () => {
    const returned = reportOfUberDelivery({
      id: 'del_1',
      status: 'returned',
      undeliverable_reason: 'NO_SECURE_LOCATION_TO_DROPOFF',
      undeliverable_action: 'returned',
    });
    expect(returned).toMatchObject({
      reason: "Uber's courier could not hand it over (Uber's reason: NO_SECURE_LOCATION_TO_DROPOFF) and returned it",
      failureCode: 'recipient_unavailable',
    });
    expect(reportOfUberDelivery({ id: 'del_1', status: 'canceled', undeliverable_reason: '' })).toMatchObject({
      reason: 'Uber cancelled the delivery',
      failureCode: 'other',
    });
  });

  it("keeps Uber's fee in cents, its currency as ISO 4217 writes it, and none when either is missing", () => {
    expect(reportOfUberDelivery({ id: 'del_1', status: 'pending', fee: 875, currency: 'usd' })?.fee).toEqual({
      amount: 875,
      currency: 'USD',
    });
    expect(reportOfUberDelivery({ id: 'del_1', status: 'pending', fee: 875 })?.fee).toBeUndefined();
  });

  it('reads any webhook Uber could send that names our task: a stage of ours, or none', () => {
    const { schema, read } = COURIER_WEBHOOKS['uber-direct'];
    fc.assert(
      fc.property(
        fc.record({
          kind: fc.constantFrom('event.delivery_status', 'event.courier_update'),
          data: fc.record(
            {
              id: fc.string({ minLength: 1 }),
              external_id: fc.string({ minLength: 1 }),
              status: fc.oneof(fc.string(), fc.constantFrom('pickup', 'delivered', 'canceled')),
              courier: fc.option(fc.record({ name: fc.string(), phone_number: fc.string() }), { nil: null }),
              extra: fc.jsonValue(),
            },
            { requiredKeys: ['id', 'external_id', 'status'] },
          ),
        }),
        (webhook) => {
          const parsed = schema.safeParse(JSON.parse(JSON.stringify(webhook)));
          expect(parsed.success).toBe(true);
          const { taskId, report } = read(parsed.data);
          expect(taskId).toBe(webhook.data.external_id);
          if (report) expect(COURIER_STAGES).toContain(report.stage);
        },
      ),
    );
  });
});
