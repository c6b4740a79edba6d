import { z } from 'zod';
import { platformIdentifier, platformList, platformRecord } from './platform-values';

/** Read where given: absent, null or blank means the record names the order elsewhere. */
const orderId = (field: string) =>
  z.preprocess(
    (value) => (value == null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    platformIdentifier(field).optional(),
  );

/** Spec 2.6: one release of the caller's order record; only its OrderId is read. */
export const releaseSchema = platformRecord({ OrderId: orderId('Release.OrderId') });

/**
 * Spec 2.6: body of Create Hard Reservation, the caller's full order record. Only the order
 * ids are read (docs/decisions.md); every other field, in any shape, passes unread.
 */
export const orderRecordSchema = z.looseObject(
  {
    OrderId: orderId('OrderId'),
    Release: platformList(releaseSchema, 'Release', { max: 1000 }),
  },
  { error: 'the body must be the order record, a JSON object' },
);
export type OrderRecord = z.infer<typeof orderRecordSchema>;

/** The caller's order ids in a release order record: each release's OrderId, else the record's own (docs/decisions.md). */
export function orderIdsOf(record: OrderRecord): string[] {
  const fromReleases = record.Release.flatMap((release) => (release.OrderId ? [release.OrderId] : []));
  return [...new Set(fromReleases.length > 0 ? fromReleases : record.OrderId ? [record.OrderId] : [])];
}
