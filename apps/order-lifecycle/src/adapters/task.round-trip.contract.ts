import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import {
  DELIVERY_REQUIREMENTS,
  DISPATCH_OUTCOMES,
  DISPATCH_STRATEGIES,
  LATENESS_KINDS,
  TASK_STATUSES,
  type EventEnvelope,
  FAILURE_CODES,
} from '@delivery/contracts';
import type { Task, TaskParty, WayPoint } from '../domain/task';
import { withTimeline } from '../domain/task-timeline';
import type { TaskRepository } from '../ports/task.repository';

const text = fc.string({ maxLength: 20 });
const maybe = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });
const time = fc.date({ min: new Date('2020-01-01'), max: new Date('2040-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
/** Stores keep -0 as 0, as JSON does; no caller tells them apart. */
const double = (min: number, max: number) => fc.double({ min, max, noNaN: true }).map((n) => (Object.is(n, -0) ? 0 : n));
const amount = double(0, 1e6);
const money = fc.record({ amount, currency: fc.constantFrom('USD', 'EUR') });
const charge = fc.record({ base: money, weight: money, total: money });
const window = fc.record({ startTime: time, endTime: time });

const party = fc.record<TaskParty>({
  contact: fc.record({ personName: maybe(text), phoneNumber: maybe(text), email: maybe(text) }),
  address: fc.record(
    {
      streetLines: fc.array(text, { maxLength: 3 }),
      city: maybe(text),
      stateOrProvinceCode: maybe(text),
      postalCode: maybe(text),
      countryCode: maybe(text),
      coordinates: maybe(fc.record({ lat: double(-90, 90), lng: double(-180, 180) })),
    },
    { requiredKeys: ['streetLines', 'city', 'stateOrProvinceCode', 'postalCode', 'countryCode'] },
  ),
});

const failure = fc.record({ reason: text, code: fc.constantFrom(...FAILURE_CODES), at: time }, { requiredKeys: ['reason', 'at'] });

const wayPoint = (type: 'pickup' | 'dropoff') =>
  fc.record<WayPoint>(
    {
      id: fc.stringMatching(/^wp_[0-9a-f]{8}$/),
      type: fc.constant(type),
      party,
      eta: maybe(time),
      arrivedAt: maybe(time),
      completedAt: maybe(time),
      failure: maybe(failure),
      attempts: fc.array(failure, { maxLength: 2 }),
      proofOfDelivery: maybe(
        fc.record(
          {
            recipientName: maybe(text),
            signatureUrl: maybe(text),
            photoUrl: maybe(text),
            note: maybe(text),
            verified: fc.subarray([...DELIVERY_REQUIREMENTS]),
            barcodes: fc.array(text, { maxLength: 2 }),
          },
          { requiredKeys: ['recipientName', 'signatureUrl', 'photoUrl', 'note'] },
        ),
      ),
    },
    { requiredKeys: ['id', 'type', 'party'] },
  );

/** The caller's own fields, any JSON, as the gateway's JSON text of them. */
const platformFieldsJson = fc
  .dictionary(fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,12}$/), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 })
  .map((fields) => JSON.stringify(fields));

type GeneratedTask = Omit<Task, 'id' | 'accountId' | 'shipmentId' | 'fulfillmentId' | 'trackingToken'>;
const task = fc.record<GeneratedTask>(
  {
    status: fc.constantFrom(...TASK_STATUSES),
    readyToExecute: fc.boolean(),
    orderId: text,
    provider: maybe(text),
    carrierCode: text,
    carrierName: text,
    serviceLevel: text,
    shipDate: maybe(time),
    deliveryDate: maybe(time),
    description: maybe(text),
    monetaryValue: maybe(text),
    currencyCode: maybe(text),
    platformFieldsJson,
    wayPoints: fc.tuple(wayPoint('pickup'), wayPoint('dropoff')).map((pair) => [...pair]),
    packages: fc.array(
      fc.record(
        {
          packageId: text,
          trackingNumber: text,
          contentDescription: maybe(text),
          packageType: text,
          weightKg: amount,
          dimensionsCm: maybe(fc.record({ length: amount, width: amount, height: amount })),
          charge,
        },
        { requiredKeys: ['packageId', 'trackingNumber', 'contentDescription', 'packageType', 'weightKg', 'charge'] },
      ),
      { minLength: 1, maxLength: 3 },
    ),
    billingWeightKg: amount,
    charge,
    documents: fc.array(
      fc.record({ documentId: text, documentType: fc.constant('LABEL' as const), formatType: fc.constant('ZPLII' as const) }),
      {
        maxLength: 2,
      },
    ),
    createdAt: time,
    updatedAt: time,
    cancelledAt: maybe(time),
    cancelReasonId: maybe(text),
    reservation: maybe(
      fc.record(
        {
          quoteId: text,
          fleet: fc.record({ id: fc.integer({ min: 1, max: 99 }), name: text, fleetType: fc.integer({ min: 0, max: 2 }) }),
          pickupWindow: window,
          dropoffWindow: window,
          heldUntil: time,
          confirmedAt: maybe(time),
          releasedAt: maybe(time),
          capacityReturnedAt: maybe(time),
        },
        { requiredKeys: ['quoteId', 'fleet', 'pickupWindow', 'dropoffWindow', 'heldUntil', 'confirmedAt', 'releasedAt'] },
      ),
    ),
    dispatch: maybe(
      fc.record(
        {
          fleetId: fc.integer({ min: 1, max: 99 }),
          fleetName: text,
          dispatchedAt: time,
          acceptedAt: maybe(time),
          timedOutAt: maybe(time),
          courierRef: maybe(text),
          fee: maybe(fc.record({ amount: fc.integer({ min: 0, max: 10_000_000 }), currency: text })),
          callOffOwedSince: time,
          calledOffAt: time,
          handOverClaim: maybe(fc.record({ by: text, until: time })),
        },
        { requiredKeys: ['fleetId', 'fleetName', 'dispatchedAt', 'acceptedAt'] },
      ),
    ),
    driver: maybe(
      fc.record(
        {
          name: text,
          phone: maybe(text),
          vehicle: maybe(text),
          assignedAt: time,
          location: maybe(fc.record({ lat: double(-90, 90), lng: double(-180, 180), at: time })),
          driverId: maybe(text),
        },
        { requiredKeys: ['name', 'phone', 'vehicle', 'assignedAt', 'location'] },
      ),
    ),
    dispatchDecision: maybe(
      fc.record({
        strategy: fc.constantFrom(...DISPATCH_STRATEGIES),
        decidedAt: time,
        candidates: fc.array(
          fc.record({
            fleetId: fc.integer({ min: 1, max: 99 }),
            fleetName: text,
            fee: maybe(fc.integer({ min: 0, max: 100_000 })),
            currencyCode: maybe(fc.constantFrom('USD', 'EUR')),
            pickupWindow: maybe(fc.record({ startTime: time, endTime: time })),
            dropoffWindow: maybe(fc.record({ startTime: time, endTime: time })),
            outcome: fc.constantFrom(...DISPATCH_OUTCOMES),
            reason: text,
          }),
          { maxLength: 3 },
        ),
      }),
    ),
    lateness: maybe(
      fc.record({
        policy: fc.record({
          unassignedMinutesBeforePickup: fc.integer({ min: 0, max: 600 }),
          pickupGraceMinutes: fc.integer({ min: 0, max: 600 }),
          stalledMinutes: fc.integer({ min: 1, max: 600 }),
        }),
        alerts: fc.array(fc.record({ kind: fc.constantFrom(...LATENESS_KINDS), deadline: time, at: time, detail: text }), { maxLength: 2 }),
      }),
    ),
    requirements: maybe(fc.record({ kinds: fc.subarray([...DELIVERY_REQUIREMENTS]), minimumAge: maybe(fc.integer({ min: 1, max: 99 })) })),
    pin: maybe(fc.stringMatching(/^\d{6}$/)),
    pinFailures: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
    followUp: maybe(
      fc.oneof(
        fc.record({
          kind: fc.constant('reattempt' as const),
          attempt: fc.integer({ min: 2, max: 5 }),
          window: fc.record({ startTime: time, endTime: time }),
        }),
        fc.record({ kind: fc.constant('return' as const), startedAt: time, completedAt: maybe(time) }),
      ),
    ),
    rejectedFleetIds: fc.array(fc.integer({ min: 1, max: 99 }), { maxLength: 3 }),
    rejections: fc.array(fc.record({ fleetId: fc.integer({ min: 1, max: 99 }), fleetName: text, reason: text, at: time }), {
      maxLength: 3,
    }),
    timeline: fc.array(fc.record({ event: text, at: time }), { maxLength: 3 }),
    version: fc.integer({ min: 1, max: 1_000 }),
  },
  {
    requiredKeys: [
      ...['status', 'readyToExecute', 'orderId', 'provider', 'carrierCode', 'carrierName', 'serviceLevel', 'shipDate', 'deliveryDate'],
      ...['description', 'monetaryValue', 'currencyCode', 'wayPoints', 'packages', 'billingWeightKg', 'charge', 'documents'],
      ...['createdAt', 'updatedAt', 'cancelledAt', 'cancelReasonId', 'reservation', 'version'],
    ] as (keyof GeneratedTask)[],
  },
);

/**
 * Arbitrary tasks written through a repository and read back whole, created and then
 * updated, with the events' steps on their timeline: every field of every shape survives.
 * For MongoDB this is what catches a path its schema drops or a null it turns to absent.
 */
export function describeTaskRoundTrips(getTasks: () => TaskRepository) {
  it('keeps every field of arbitrary tasks, created and then changed', async () => {
    await fc.assert(
      fc.asyncProperty(task, task, fc.boolean(), async (first, second, withToken) => {
        const tasks = getTasks();
        const run = randomBytes(6).toString('hex');
        const ids = { id: `tsk_${run}`, accountId: `acc_${run}`, shipmentId: `SHP${run}`, fulfillmentId: `FUL-${run}` };
        const created = { ...first, ...ids, ...(withToken && { trackingToken: `tok${run}` }) } as Task;
        const event = (type: string): EventEnvelope => ({
          id: `evt_${randomBytes(6).toString('hex')}`,
          type,
          version: 1,
          occurredAt: created.createdAt,
          accountId: created.accountId,
          correlationId: 'corr',
          causationId: null,
          subject: created.id,
          data: {},
        });
        const createdEvents = [event('OrderCreated')];
        expect(await tasks.create(created, createdEvents)).toEqual({ created: true });
        const stored = withTimeline(created, createdEvents);
        expect(await tasks.findById(created.accountId, created.id)).toEqual(stored);

        // A change keeps the ids and the timeline the store holds, as the domain's changes do.
        const changed = {
          ...second,
          ...ids,
          trackingToken: created.trackingToken,
          timeline: stored.timeline,
          version: created.version + 1,
        } as Task;
        if (changed.trackingToken === undefined) delete changed.trackingToken;
        const changeEvents = [event('TaskStarted')];
        expect(await tasks.update(changed, created.version, changeEvents)).toBe(true);
        expect(await tasks.findById(created.accountId, created.id)).toEqual(withTimeline(changed, changeEvents));
      }),
      { numRuns: 40 },
    );
  });
}
