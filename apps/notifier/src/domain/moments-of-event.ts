import type { NotificationMoment, OrderTopicEvent, TaskSnapshot } from '@delivery/contracts';
import type { MessageFacts } from './message';
import { recipientLanguageOf } from './recipient-language';

/** A moment an event reached: its messages are due at `dueAt` and pass at `expiresAt` (epoch ms). */
export interface ReachedMoment {
  moment: NotificationMoment;
  occurrence: string;
  facts: MessageFacts;
  dueAt: number;
  expiresAt: number | null;
}

/** Moments whose waiting messages an event made pointless, and why. */
export interface PassedMoments {
  moments: readonly NotificationMoment[] | 'all';
  reason: string;
}

export interface MomentsOfEvent {
  reached: ReachedMoment[];
  passed: PassedMoments | null;
}

const ON_THE_WAY: NotificationMoment[] = ['on_the_way', 'arriving_soon', 'late'];
const MINUTE = 60_000;

/**
 * Which moments an event of `delivery.orders.v1` reaches, and which it ends
 * (docs/decisions.md, "Telling the recipient"). Pure: the notifier stores what this says.
 * "Arriving soon" is made with the drop-off's first ETA, due `arrivingSoonMinutes` before it,
 * and moved by every later ETA while it waits; it passes at the ETA itself.
 */
export function momentsOfEvent(event: OrderTopicEvent, arrivingSoonMinutes: number): MomentsOfEvent {
  const task = event.data.task;
  const at = Date.parse(event.occurredAt);
  const now = (moment: NotificationMoment, occurrence = '', facts: Partial<MessageFacts> = {}): ReachedMoment => ({
    moment,
    occurrence,
    facts: { ...factsOf(task), ...facts },
    dueAt: at,
    expiresAt: null,
  });
  const soon = (): ReachedMoment[] => {
    const eta = dropoffOf(task)?.eta;
    if (!eta || !['en_route_to_dropoff', 'picked_up'].includes(task.status)) return [];
    const etaAt = Date.parse(eta);
    if (!(etaAt > at)) return [];
    return [{ ...now('arriving_soon'), dueAt: Math.max(at, etaAt - arrivingSoonMinutes * MINUTE), expiresAt: etaAt }];
  };
  switch (event.type) {
    case 'ReservationConfirmed':
      return { reached: [now('reservation_confirmed', '', { window: event.data.dropoffWindow })], passed: null };
    case 'TaskDispatched':
      return { reached: [now('dispatched')], passed: null };
    case 'TaskStarted':
      return event.data.leg === 'dropoff' ? { reached: [now('on_the_way'), ...soon()], passed: null } : nothing;
    case 'TaskEtaUpdated':
      return { reached: soon(), passed: null };
    case 'TaskLate':
      return event.data.alert.kind === 'dropoff_late' ? { reached: [now('late')], passed: null } : nothing;
    case 'WayPointArrived':
      return event.data.wayPointType === 'dropoff'
        ? { reached: [], passed: { moments: ON_THE_WAY, reason: 'the driver arrived' } }
        : nothing;
    case 'DropoffRescheduled':
      return {
        reached: [now('failed_attempt', String(event.data.attempt), { nextStep: 'reattempt', window: event.data.window })],
        passed: { moments: ON_THE_WAY, reason: 'the drop-off failed' },
      };
    case 'ReturnStarted':
      return {
        reached: [now('failed_attempt', 'final', { nextStep: 'return' })],
        passed: { moments: ON_THE_WAY, reason: 'the drop-off failed' },
      };
    case 'TaskFailed':
      // A failed pickup is the retailer's to explain; a failed drop-off, with nothing to follow, is the recipient's to know.
      return dropoffOf(task)?.failureReason
        ? {
            reached: [now('failed_attempt', 'final', { nextStep: 'none' })],
            passed: { moments: ON_THE_WAY, reason: 'the drop-off failed' },
          }
        : { reached: [], passed: { moments: 'all', reason: 'the delivery failed' } };
    case 'TaskDelivered':
      return {
        reached: [now('delivered')],
        passed: { moments: [...ON_THE_WAY, 'dispatched', 'failed_attempt', 'reservation_confirmed'], reason: 'delivered already' },
      };
    case 'TaskReturned':
      return { reached: [], passed: { moments: ON_THE_WAY, reason: 'the parcel was brought back' } };
    case 'OrderCancelled':
      return { reached: [], passed: { moments: 'all', reason: 'the delivery was cancelled' } };
    case 'ReservationExpired':
      return { reached: [], passed: { moments: 'all', reason: 'the reservation expired' } };
    default:
      return nothing;
  }
}

const nothing: MomentsOfEvent = { reached: [], passed: null };

const dropoffOf = (task: TaskSnapshot) => task.wayPoints.find((w) => w.type === 'dropoff');

/** What a task's messages may say of it, as it stands. */
export function factsOf(task: TaskSnapshot): MessageFacts {
  const dropoff = dropoffOf(task);
  return {
    eta: dropoff?.eta ?? null,
    window: dropoff?.window ?? null,
    driverFirstName: task.driver?.name?.trim().split(/\s+/)[0] || null,
    photoUrl: dropoff?.proofOfDelivery?.photoUrl ?? null,
    nextStep: null,
    trackingToken: task.trackingToken ?? null,
    fleetId: task.fleet?.id ?? null,
    language: recipientLanguageOf(task.platformFields ?? null),
  };
}
