import fc from 'fast-check';
import { COURIER_STAGES } from '../courier-report';
import { doordashWebhookSchema, reportOfDoorDashDelivery, reportOfDoorDashWebhook } from './doordash-report';

const delivery = { external_delivery_id: 'tsk_1', delivery_status: 'created', fee: 975, currency: 'USD' };

describe("DoorDash's word on a delivery, in our stages", () => {
  it.each([
    ['created', 'accepted'],
    ['enroute_to_pickup', 'en_route_to_pickup'],
    ['arrived_at_pickup', 'at_pickup'],
    ['picked_up', 'picked_up'],
    ['enroute_to_dropoff', 'en_route_to_dropoff'],
    ['arrived_at_dropoff', 'at_dropoff'],
    ['delivered', 'delivered'],
    ['cancelled', 'cancelled'],
    ['returned', 'returned'],
  ])('maps delivery_status %s to %s', (status, stage) => {
    expect(reportOfDoorDashDelivery({ ...delivery, delivery_status: status })?.stage).toBe(stage);
  });

  it('names the Dasher, the number the recipient calls, the vehicle, where they are and the ETAs, and counts a named Dasher as assigned', () => {
    const report = reportOfDoorDashDelivery({
      ...delivery,
      dasher_name: 'Dana',
      dasher_dropoff_phone_number: '+14155550199',
      dasher_pickup_phone_number: '+14155550142',
      dasher_vehicle_make: 'Toyota',
      dasher_vehicle_model: 'Prius',
      dasher_vehicle_year: '2019',
      dasher_location: { lat: 1, lng: 2 },
      dropoff_time_estimated: '2026-11-24T12:30:00Z',
    });
    expect(report).toEqual({
      stage: 'assigned',
      courier: { name: 'Dana', phone: '+14155550199', vehicle: '2019 Toyota Prius' },
      location: { lat: 1, lng: 2 },
      etas: { pickup: null, dropoff: '2026-11-24T12:30:00.000Z' },
      proof: null,
      reason: null,
      fee: { amount: 975, currency: 'USD' },
    });
  });

  it("keeps the Dasher's photo and the recipient's signature as the drop-off's proof, once delivered", () => {
    const proofs = {
      dropoff_verification_image_url: 'https://img/d.jpg',
      dropoff_signature_image_url: 'https://img/s.png',
    };
    expect(reportOfDoorDashDelivery({ ...delivery, ...proofs, delivery_status: 'delivered' })?.proof).toEqual({
      recipientName: null,
      signatureUrl: 'https://img/s.png',
      photoUrl: 'https://img/d.jpg',
      note: null,
    });
    expect(reportOfDoorDashDelivery({ ...delivery, delivery_status: 'delivered' })?.proof).toBeNull();
    expect(reportOfDoorDashDelivery({ ...delivery, ...proofs, delivery_status: 'picked_up' })?.proof).toBeNull();
  });

  it("reads a webhook's event first, then the delivery's status; an event that says nothing of the stage is no report", () => {
    expect(
      reportOfDoorDashWebhook({ external_delivery_id: 'tsk_1', event_name: 'DASHER_PICKED_UP', delivery_status: 'delivered' })?.stage,
    ).toBe('picked_up');
    expect(
      reportOfDoorDashWebhook({ external_delivery_id: 'tsk_1', event_name: 'DELIVERY_BATCHED', delivery_status: 'delivered' })?.stage,
    ).toBe('delivered');
    expect(reportOfDoorDashWebhook({ external_delivery_id: 'tsk_1', event_name: 'DELIVERY_BATCHED' })).toBeNull();
    expect(reportOfDoorDashWebhook({ external_delivery_id: 'tsk_1', event_name: 'DELIVERY_CANCELLED' })).toMatchObject({
      stage: 'cancelled',
      reason: 'DoorDash cancelled the delivery',
    });
  });

  it('reads the event under either name its documents give, event_name first', () => {
    expect(reportOfDoorDashWebhook({ external_delivery_id: 'tsk_1', event_type: 'DASHER_PICKED_UP' })?.stage).toBe('picked_up');
    expect(
      reportOfDoorDashWebhook({ external_delivery_id: 'tsk_1', event_name: 'DASHER_DROPPED_OFF', event_type: 'DASHER_PICKED_UP' })?.stage,
    ).toBe('delivered');
  });

  it("names DoorDash's cancellation reason beside ours, and one it has not published as unknown", () => {
    expect(
      reportOfDoorDashWebhook({
        external_delivery_id: 'tsk_1',
        event_name: 'DELIVERY_CANCELLED',
        cancellation_reason: 'failed_to_assign_and_refunded',
      })?.reason,
    ).toBe("DoorDash cancelled the delivery (no Dasher took it; DoorDash's reason: failed_to_assign_and_refunded)");
    expect(
      reportOfDoorDashWebhook({ external_delivery_id: 'tsk_1', event_name: 'DELIVERY_CANCELLED', cancellation_reason: 'weather_hold' })
        ?.reason,
    ).toBe("DoorDash cancelled the delivery (a reason we do not know; DoorDash's reason: weather_hold)");
  });

  it('takes any webhook DoorDash could send without throwing: a stage of ours, or none', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            external_delivery_id: fc.string({ minLength: 1 }),
            event_name: fc.oneof(fc.string(), fc.constantFrom('DASHER_CONFIRMED', 'DASHER_DROPPED_OFF', 'DELIVERY_RETURNED')),
            delivery_status: fc.oneof(fc.string(), fc.constantFrom('picked_up', 'delivered')),
            dasher_name: fc.string(),
            dasher_location: fc.record({
              lat: fc.double({ noNaN: true, noDefaultInfinity: true }),
              lng: fc.double({ noNaN: true, noDefaultInfinity: true }),
            }),
            dropoff_time_estimated: fc.string(),
            extra: fc.anything(),
          },
          { requiredKeys: ['external_delivery_id'] },
        ),
        (payload) => {
          // As it comes over the wire: JSON, so no Infinity, no undefined.
          const parsed = doordashWebhookSchema.safeParse(JSON.parse(JSON.stringify(payload)));
          expect(parsed.success).toBe(true);
          const report = reportOfDoorDashWebhook(parsed.data!);
          if (report) expect(COURIER_STAGES).toContain(report.stage);
        },
      ),
    );
  });
});
