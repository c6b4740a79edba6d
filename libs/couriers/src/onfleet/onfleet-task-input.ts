import { oneLineAddress, partyOf, requireDetails } from '../stops';
import { ONFLEET_TASK_METADATA, type OnfleetTaskInput } from './onfleet.client';

/**
 * A task as Onfleet's `TaskCreate` takes it: the drop-off (the driver brings the parcel from
 * the pick-up), its recipient, the reserved window when there is one, and our task's id in its
 * metadata, by which its webhooks name our task.
 */
export function onfleetTaskInput(
  taskId: string,
  stops: { pickup: unknown; dropoff: unknown },
  window: { startTime: string; endTime: string } | null,
): OnfleetTaskInput {
  const [pickup, dropoff] = [partyOf(stops.pickup), partyOf(stops.dropoff)];
  const address = oneLineAddress(dropoff);
  const phone = dropoff.contact?.phoneNumber;
  requireDetails('Onfleet', [!address && 'the drop-off address', !phone && "the recipient's phone number"]);
  const from = oneLineAddress(pickup);
  return {
    destination: { address: { unparsed: address! } },
    recipients: [{ name: dropoff.contact?.personName || 'Recipient', phone: phone! }],
    ...(window && { completeAfter: Date.parse(window.startTime), completeBefore: Date.parse(window.endTime) }),
    ...(from && { notes: `Pick up at ${from}` }),
    metadata: [{ name: ONFLEET_TASK_METADATA, type: 'string', value: taskId, visibility: ['api'] }],
  };
}
