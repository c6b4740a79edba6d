import { rateCardOf } from '@delivery/accounts';
import { DomainError, type DeliveryRequirements } from '@delivery/contracts';
import type { Clock } from '@delivery/clock';
import type { Fleets } from '../ports/fleets';
import type { TaskRepository } from '../ports/task.repository';
import { TRACKING_TOKEN_PATTERN } from './ids';
import type { Task, TaskStatus, TimelineEntry } from './task';
import { promisedDropoff } from './promised-dropoff';

/** The steps a recipient is shown; the rest (ETAs, lateness, dispatch offers) are the sender's and the fleet's business. */
const RECIPIENT_STEPS = new Set([
  'OrderCreated',
  'ReservationConfirmed',
  'DriverAssigned',
  'TaskStarted',
  'TaskDelivered',
  'TaskFailed',
  'TaskReturned',
  'DropoffRescheduled',
  'OrderCancelled',
]);

/**
 * How long after a delivery ends its page still shows who took the parcel, its photo and the
 * driver's name: a week to look back, then the page keeps only how it ended.
 */
export const PERSONAL_DETAILS_KEPT_MS = 7 * 24 * 3_600_000;

/** Where no delivery is coming any more: delivered, given up, or a hold that lapsed. */
const ENDED: readonly TaskStatus[] = ['delivered', 'failed', 'returned', 'cancelled', 'released'];

/**
 * What the recipient's tracking page shows: the status, the drop-off ETA and window, the
 * driver's first name, the steps so far, and once delivered who took the parcel and its
 * photo; times in the fleet's zone when it has one. Nothing else of the order.
 */
export interface TrackingView {
  status: TaskStatus;
  /** Until the delivery ends, as the window, the requirements and the PIN. */
  eta: string | null;
  driverFirstName: string | null;
  updatedAt: string;
  window: { start: string | null; end: string } | null;
  timeZone: string | null;
  steps: TimelineEntry[];
  proof: { recipientName: string | null; photoUrl: string | null } | null;
  /** Until the delivery ends: what its drop-off requires of the recipient, and the PIN to give the driver. */
  requirements: DeliveryRequirements | null;
  pin: string | null;
  /** The account's name, and its brand when it set one. */
  retailer: { name: string; colour: string | null; logoUrl: string | null };
  /** Whose task and which drop-off, for the recipient's instructions (a note), taken until the pickup. */
  instructions: { accountId: string; taskId: string; dropoffId: string | null; open: boolean };
  /** Once delivered, while its details show: whether a rating is taken, and the stars given. */
  rating: { open: boolean; given: number | null };
  /** While the driver is on the way to the drop-off: their last position, and the drop-off's place when known. */
  map: { driver: { lat: number; lng: number; at: string }; dropoff: { lat: number; lng: number } | null } | null;
}

/** The driver's position is the recipient's to see only from the pickup to their door. */
const ON_THE_WAY: readonly TaskStatus[] = ['picked_up', 'en_route_to_dropoff', 'at_dropoff'];

/** Before the parcel is picked up, the driver can still read what the recipient adds. */
const INSTRUCTIONS_OPEN: readonly TaskStatus[] = [
  'created',
  'reserved',
  'confirmed',
  'dispatched',
  'assigned',
  'en_route_to_pickup',
  'at_pickup',
];

/** The drop-off's promised window; by its delivery date alone (a Same-Day order), only its end. */
function dropoffWindow(task: Task): TrackingView['window'] {
  const promised = promisedDropoff(task);
  if (!promised) return null;
  return { start: promised.basis === 'delivery_date' ? null : promised.window.startTime, end: promised.window.endTime };
}

/** The tracking page of a token; a token of no task, or of no shape we issue, is not found. */
export async function trackDelivery(
  token: string,
  { tasks, fleets, clock }: { tasks: TaskRepository; fleets: Pick<Fleets, 'getFleet' | 'getAccount'>; clock: Clock },
): Promise<TrackingView> {
  const task = TRACKING_TOKEN_PATTERN.test(token) ? await tasks.findByTrackingToken(token) : null;
  if (!task) throw new DomainError('ORDER_NOT_FOUND', 'No delivery found for this tracking link');
  const dropoff = task.wayPoints.find((w) => w.type === 'dropoff');
  const fleetId = task.dispatch?.fleetId ?? task.reservation?.fleet.id;
  const [fleet, account] = await Promise.all([
    fleetId === undefined ? undefined : fleets.getFleet(task.accountId, fleetId),
    fleets.getAccount(task.accountId),
  ]);
  const ended = ENDED.includes(task.status);
  // An ended task's last change is its end: a week after it, the people's details are not shown.
  const forgotten = ended && clock.now().getTime() - Date.parse(task.updatedAt) > PERSONAL_DETAILS_KEPT_MS;
  const proof = task.status === 'delivered' && !forgotten ? dropoff?.proofOfDelivery : null;
  return {
    status: task.status,
    eta: ended ? null : (dropoff?.eta ?? null),
    driverFirstName: forgotten ? null : (task.driver?.name.trim().split(/\s+/)[0] ?? null),
    updatedAt: task.updatedAt,
    window: ended ? null : dropoffWindow(task),
    timeZone: (fleet && rateCardOf(fleet.connector)?.timeZone) ?? null,
    steps: (task.timeline ?? []).filter((step) => RECIPIENT_STEPS.has(step.event)),
    proof: proof ? { recipientName: proof.recipientName, photoUrl: proof.photoUrl } : null,
    requirements: ended ? null : (task.requirements ?? null),
    pin: ended ? null : (task.pin ?? null),
    retailer: { name: account?.name ?? '', colour: account?.brand?.colour ?? null, logoUrl: account?.brand?.logoUrl ?? null },
    instructions: {
      accountId: task.accountId,
      taskId: task.id,
      dropoffId: dropoff?.id ?? null,
      open: Boolean(dropoff) && INSTRUCTIONS_OPEN.includes(task.status),
    },
    rating: { open: task.status === 'delivered' && !forgotten && !task.rating, given: task.rating?.stars ?? null },
    map:
      ON_THE_WAY.includes(task.status) && task.driver?.location
        ? { driver: task.driver.location, dropoff: dropoff?.party.address.coordinates ?? null }
        : null,
  };
}
