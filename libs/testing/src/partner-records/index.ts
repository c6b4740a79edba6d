import fulfillmentCancel from './fulfillment-cancel.json';
import releaseOrderRecord from './release-order-record.json';
import shipRequest from './ship-request.json';

/**
 * Full records as the partner platform sends them (Manhattan Active Omni's shapes: wrapped
 * reference values, change pairs, numbers as text, units in other cases, extra platform
 * fields at every level), not our examples. The e2e suites post these.
 */

/** A fresh copy with the record's ids replaced wherever they occur, so one record can be posted many times in a run. */
function withIds<T>(record: T, ids: Record<string, string>): T {
  let text = JSON.stringify(record);
  for (const [from, to] of Object.entries(ids)) text = text.split(from).join(to);
  return JSON.parse(text) as T;
}

export type PartnerShipRequest = typeof shipRequest;

/** A ship request (Create Order, Get Quotes, soft reservation) with the platform's fields; FUL-1001 / ORD-1001 unless given. */
export const partnerShipRequest = (ids: { fulfillmentId?: string; orderId?: string } = {}): PartnerShipRequest =>
  withIds(shipRequest, { 'FUL-1001': ids.fulfillmentId ?? 'FUL-1001', 'ORD-1001': ids.orderId ?? 'ORD-1001' });

/** A FulfillmentCancel event, with reference objects and change pairs, for the given fulfillment. */
export const partnerFulfillmentCancel = (fulfillmentId = 'FUL-1001') => withIds(fulfillmentCancel, { 'FUL-1001': fulfillmentId });

/** A release order record (Create Hard Reservation) for the given order. */
export const partnerReleaseOrderRecord = (orderId = 'ORD-2001') => withIds(releaseOrderRecord, { 'ORD-2001': orderId });
