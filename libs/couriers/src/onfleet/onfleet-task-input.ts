import type { DeliveryRequirements, TimeWindow } from '@delivery/contracts';
import { requiredPhone } from '../phone-number';
import { oneLineAddress, partyOf, requireDetails } from '../stops';
import { ONFLEET_TASK_METADATA, type OnfleetTaskInput } from './onfleet.client';

/**
 * A task as Onfleet's `TaskCreate` takes it: the drop-off (the driver brings the parcel from
 * the pick-up), its recipient, the reserved window when there is one, and our task's id in its
 * metadata, by which its webhooks name our task. The drop-off's requirements become Onfleet's
 * completion requirements (signature, photo, minimum age: docs.onfleet.com, "Completion
 * Requirements") and, for a barcode scan, one barcode per package that blocks completion
 * until scanned ("Requesting"), so the driver's app enforces them.
 */
export function onfleetTaskInput(
  taskId: string,
  stops: { pickup: unknown; dropoff: unknown },
  window: TimeWindow | null,
  required: { requirements: DeliveryRequirements | null; trackingNumbers: string[] } = { requirements: null, trackingNumbers: [] },
): OnfleetTaskInput {
  const [pickup, dropoff] = [partyOf(stops.pickup), partyOf(stops.dropoff)];
  const address = oneLineAddress(dropoff);
  requireDetails('Onfleet', [!address && 'the drop-off address']);
  // In E.164: Onfleet validates a recipient's phone (docs.onfleet.com, "Recipients").
  const phone = requiredPhone('Onfleet', dropoff, "the recipient's");
  const from = oneLineAddress(pickup);
  return {
    destination: { address: { unparsed: address! } },
    recipients: [{ name: dropoff.contact?.personName || 'Recipient', phone }],
    ...(window && { completeAfter: Date.parse(window.startTime), completeBefore: Date.parse(window.endTime) }),
    ...(from && { notes: `Pick up at ${from}` }),
    ...completionRequirements(required.requirements, required.trackingNumbers),
    metadata: [{ name: ONFLEET_TASK_METADATA, type: 'string', value: taskId, visibility: ['api'] }],
  };
}

function completionRequirements(requirements: DeliveryRequirements | null, trackingNumbers: string[]): Partial<OnfleetTaskInput> {
  const kinds = requirements?.kinds ?? [];
  const asked = kinds.some((kind) => kind === 'signature' || kind === 'photo' || kind === 'minimum_age');
  return {
    ...(asked && {
      requirements: {
        signature: kinds.includes('signature'),
        photo: kinds.includes('photo'),
        ...(requirements?.minimumAge != null && { minimumAge: requirements.minimumAge }),
      },
    }),
    ...(kinds.includes('barcode_scan') && {
      barcodes: trackingNumbers.map((number) => ({ data: Buffer.from(number).toString('base64'), blockCompletion: true })),
    }),
  };
}
