import { z } from 'zod';
import { timeWindowSchema } from '../time-window.schema';
import { failureCodeSchema } from './failure-codes';
import { latenessAlertSchema } from './lateness.schema';
import { eventEnvelopeSchema } from './event-envelope.schema';
import { proofOfDeliverySchema, taskSnapshotSchema } from './task-snapshot.schema';

/** Every event of a task carries its ids and its snapshot, taken in the same change. */
const taskEvent = z.object({
  orderId: z.string(),
  fulfillmentId: z.string(),
  shipmentId: z.string(),
  taskId: z.string(),
  task: taskSnapshotSchema,
});
const wayPointRef = { wayPointId: z.string(), wayPointType: z.enum(['pickup', 'dropoff']) };

/** The task was sent to a fleet. */
export const taskDispatchedEventSchema = eventEnvelopeSchema(
  'TaskDispatched',
  1,
  taskEvent.extend({ fleetId: z.number().int(), fleetName: z.string() }),
);
/** The fleet took the task on. */
export const dispatchAcceptedEventSchema = eventEnvelopeSchema('DispatchAccepted', 1, taskEvent.extend({ fleetId: z.number().int() }));
/** The fleet gave the task back; it waits for another dispatch. */
export const dispatchRejectedEventSchema = eventEnvelopeSchema(
  'DispatchRejected',
  1,
  taskEvent.extend({ fleetId: z.number().int(), reason: z.string() }),
);
/** The fleet named the driver (again, when it reassigned). */
export const driverAssignedEventSchema = eventEnvelopeSchema(
  'DriverAssigned',
  1,
  taskEvent.extend({ driver: z.object({ name: z.string(), phone: z.string().nullable(), vehicle: z.string().nullable() }) }),
);
/** The driver set off: to the pickup, or from it to the drop-off. */
export const taskStartedEventSchema = eventEnvelopeSchema('TaskStarted', 1, taskEvent.extend({ leg: z.enum(['pickup', 'dropoff']) }));
export const wayPointArrivedEventSchema = eventEnvelopeSchema('WayPointArrived', 1, taskEvent.extend(wayPointRef));
export const wayPointCompletedEventSchema = eventEnvelopeSchema(
  'WayPointCompleted',
  1,
  taskEvent.extend({ ...wayPointRef, proofOfDelivery: proofOfDeliverySchema.nullable() }),
);
/** `reasonCode` is absent in events written before codes. */
const failure = { reason: z.string(), reasonCode: failureCodeSchema.optional() };
export const wayPointFailedEventSchema = eventEnvelopeSchema('WayPointFailed', 1, taskEvent.extend({ ...wayPointRef, ...failure }));
/** The drop-off was completed. */
export const taskDeliveredEventSchema = eventEnvelopeSchema('TaskDelivered', 1, taskEvent);
/** A way point failed; the task ends there (or is returned, when the parcel was picked up). */
export const taskFailedEventSchema = eventEnvelopeSchema('TaskFailed', 1, taskEvent.extend(failure));
/** A parcel whose drop-off failed is back at the pickup. */
export const taskReturnedEventSchema = eventEnvelopeSchema('TaskReturned', 1, taskEvent);
/** The drop-off failed and, by the account's policy, the driver brings the parcel back to the pickup: the return leg starts. */
export const returnStartedEventSchema = eventEnvelopeSchema('ReturnStarted', 1, taskEvent);
/** The drop-off failed and, by the account's policy, will be tried again: attempt `attempt` (2 or more), in `window`. */
export const dropoffRescheduledEventSchema = eventEnvelopeSchema(
  'DropoffRescheduled',
  1,
  taskEvent.extend({ attempt: z.number().int(), window: timeWindowSchema, ...failure }),
);
/** The fleet changed the expected arrival at one or more way points. */
export const taskEtaUpdatedEventSchema = eventEnvelopeSchema(
  'TaskEtaUpdated',
  1,
  taskEvent.extend({ etas: z.array(z.object({ wayPointId: z.string(), eta: z.string() })) }),
);

/** The fleet named no driver in time; `redispatched` when the task went to the account's next fleet in the same change. */
export const dispatchTimedOutEventSchema = eventEnvelopeSchema(
  'DispatchTimedOut',
  1,
  taskEvent.extend({ fleetId: z.number().int(), redispatched: z.boolean() }),
);

/**
 * A PIN given at the drop-off did not match: the `failures`-th wrong one of the task's
 * current PIN; `locked` once no more are taken (the drop-off is then failed, not completed).
 */
export const pinRejectedEventSchema = eventEnvelopeSchema(
  'PinRejected',
  1,
  taskEvent.extend({ wayPointId: z.string(), failures: z.number().int(), locked: z.boolean() }),
);

/** The task crossed one of its account's lateness thresholds; each kind is told once per task. */
export const taskLateEventSchema = eventEnvelopeSchema('TaskLate', 1, taskEvent.extend({ alert: latenessAlertSchema }));

export const taskLifecycleEventSchemas = [
  taskDispatchedEventSchema,
  dispatchAcceptedEventSchema,
  dispatchRejectedEventSchema,
  driverAssignedEventSchema,
  taskStartedEventSchema,
  wayPointArrivedEventSchema,
  wayPointCompletedEventSchema,
  wayPointFailedEventSchema,
  taskDeliveredEventSchema,
  taskFailedEventSchema,
  taskReturnedEventSchema,
  returnStartedEventSchema,
  dropoffRescheduledEventSchema,
  taskEtaUpdatedEventSchema,
  dispatchTimedOutEventSchema,
  taskLateEventSchema,
  pinRejectedEventSchema,
] as const;

export const taskLifecycleEventSchema = z.discriminatedUnion('type', taskLifecycleEventSchemas);
export type TaskLifecycleEvent = z.infer<typeof taskLifecycleEventSchema>;
