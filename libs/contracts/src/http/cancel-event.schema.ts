import { z } from 'zod';
import { platformIdentifier, platformRecord, platformText } from './platform-values';

/** Read where given: absent, null or blank means the event names it elsewhere. */
const fulfillmentId = z.preprocess(
  (value) => (value == null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  platformIdentifier('FulfillmentId').optional(),
);

/** Kept on the task for the record only: any shape that is not text reads as none, never as an error. */
const cancelReasonId = platformText('CancelReasonId', 200).catch(null);

/** The two keys of a fulfillment record (current object or change set) that Cancel Order reads. */
const fulfillmentKeys = { FulfillmentId: fulfillmentId, CancelReasonId: cancelReasonId };

/**
 * Spec 2.6: body of Cancel Order, a FulfillmentCancel event. The order is named by
 * `CurrentObject.FulfillmentId`, or `ChangeSet.FulfillmentId` when the current object lacks it
 * (docs/decisions.md); every other field, in any shape, is the platform's and passes unread.
 */
export const cancelEventSchema = z
  .looseObject({
    CurrentObject: platformRecord(fulfillmentKeys),
    ChangeSet: platformRecord(fulfillmentKeys),
    EventName: platformText('EventName', 200).catch(null),
  })
  .refine((event) => event.CurrentObject.FulfillmentId ?? event.ChangeSet.FulfillmentId, {
    message: 'CurrentObject.FulfillmentId (or ChangeSet.FulfillmentId) is required to name the order',
    path: ['CurrentObject', 'FulfillmentId'],
  })
  .refine((event) => event.EventName == null || event.EventName.toLowerCase() === 'fulfillmentcancel', {
    message: 'EventName must be FulfillmentCancel: this endpoint cancels',
    path: ['EventName'],
  });
export type CancelEvent = z.infer<typeof cancelEventSchema>;

export function cancelledFulfillmentId(event: CancelEvent): string {
  return (event.CurrentObject.FulfillmentId ?? event.ChangeSet.FulfillmentId)!;
}

export function cancelReasonOf(event: CancelEvent): string | null {
  return event.CurrentObject.CancelReasonId ?? event.ChangeSet.CancelReasonId ?? null;
}
