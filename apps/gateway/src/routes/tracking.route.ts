import type { RequestHandler } from 'express';
import type { Clock } from '@delivery/clock';
import { RemoteCallError, requirementsFromMessage, taskStatusFromMessage, type TrackingMessage } from '@delivery/rpc';
import type { NotesGateway } from '../clients/notes.client';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import type { MapTiles } from '@delivery/contracts';
import type { KeyValueStore } from '@delivery/key-value';
import type { MediaLinks } from '@delivery/proof-media';
import { PROOF_LINK_TTL_MS } from './get-order.route';
import { keys } from '../auth/keys';
import { toDeliveryMap } from '../mappers/delivery-map.mapper';
import {
  MAX_INSTRUCTIONS,
  MAX_INSTRUCTIONS_PER_TASK,
  trackingNotFoundPage,
  trackingPage,
  trackingPageHeaders,
  trackingUnavailablePage,
  type TrackingPageView,
} from '../tracking/tracking-page';

interface TrackingDeps {
  orders: OrderLifecycleGateway;
  notes: NotesGateway;
  /** Counts each task's instructions across replicas. */
  kv: Pick<KeyValueStore, 'increment'>;
  logger: Pick<Console, 'error'>;
  clock: Clock;
  mapTiles: MapTiles | null;
  /** Signs the link to a stored proof photo (the driver app's upload) for the recipient's page. */
  mediaLinks: MediaLinks;
}

/** The driver and the drop-off while the driver is on the way, on the operator's tiles. */
function mapOf(tracking: TrackingMessage, tiles: MapTiles | null) {
  const driver = tracking.driverLocation;
  if (!driver) return null;
  const dropoff =
    tracking.dropoffLat !== undefined && tracking.dropoffLng !== undefined
      ? { kind: 'dropoff' as const, lat: tracking.dropoffLat, lng: tracking.dropoffLng }
      : null;
  return toDeliveryMap(tiles, { lat: driver.lat, lng: driver.lng, at: driver.at }, [dropoff]);
}

function pageOf(
  tracking: TrackingMessage,
  { now, tiles, mediaLinks }: { now: number; tiles: MapTiles | null; mediaLinks: MediaLinks },
  sent: TrackingPageView['instructions']['sent'],
  rated: TrackingPageView['rating']['sent'] = null,
): string {
  return trackingPage({
    status: taskStatusFromMessage(tracking.status),
    eta: tracking.eta ?? null,
    driverFirstName: tracking.driverFirstName ?? null,
    updatedAt: tracking.updatedAt,
    window: tracking.windowEnd ? { start: tracking.windowStart ?? null, end: tracking.windowEnd } : null,
    timeZone: tracking.timeZone ?? null,
    steps: tracking.steps,
    proof:
      tracking.proofRecipientName || tracking.proofPhotoUrl
        ? {
            recipientName: tracking.proofRecipientName ?? null,
            // Ours, as a link of this page's own origin that expires with the page's view (docs/decisions.md).
            photoUrl: mediaLinks.shown('', tracking.proofPhotoUrl ?? null, new Date(now), PROOF_LINK_TTL_MS),
          }
        : null,
    requirements: requirementsFromMessage(tracking.requirements),
    pin: tracking.pin ?? null,
    now,
    retailer: { name: tracking.retailerName, colour: tracking.brandColour ?? null, logoUrl: tracking.brandLogoUrl ?? null },
    instructions: { open: tracking.instructionsOpen && Boolean(tracking.dropoffWayPointId), sent },
    rating: { open: tracking.ratingOpen, given: tracking.ratingGiven ?? null, sent: rated },
    map: mapOf(tracking, tiles),
  });
}

/** What the recipient typed, as a driver's note: one line of printable text, spaces collapsed, capped. */
export const instructionsOf = (typed: unknown): string =>
  (typeof typed === 'string' ? typed : '')
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2060-\u206f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_INSTRUCTIONS);

/** Answers the page, or its not-found and unavailable pages, whatever `work` meets. */
async function answering(res: Parameters<RequestHandler>[1], { logger, mapTiles }: TrackingDeps, work: () => Promise<string>) {
  res.set(trackingPageHeaders(mapTiles));
  try {
    res.send(await work());
  } catch (error) {
    if (error instanceof RemoteCallError && error.code === 'ORDER_NOT_FOUND') return void res.status(404).send(trackingNotFoundPage());
    logger.error('tracking page unavailable:', error instanceof Error ? error.message : error);
    res.status(503).send(trackingUnavailablePage());
  }
}

/** The recipient's tracking page; the unguessable token in the path is its only key. */
export function trackingRoute(deps: TrackingDeps): RequestHandler {
  return (req, res) =>
    answering(res, deps, async () => pageOf(await deps.orders.getTracking({ token: String(req.params.token) }), madeAt(deps), null));
}

/** How long a task's count of instructions is kept: past any delivery's life. */
const INSTRUCTIONS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

const madeAt = ({ clock, mapTiles, mediaLinks }: TrackingDeps) => ({ now: clock.now().getTime(), tiles: mapTiles, mediaLinks });

/**
 * The page's forms: a rating once delivered (rateDelivery), or the recipient's instructions for
 * the driver: until the parcel is picked up, a text note on the drop-off (as a caller's would
 * be), cleaned and capped, at most MAX_INSTRUCTIONS_PER_TASK a task; after the pickup or past
 * that, nothing is added and the page says so.
 */
export function trackingInstructionsRoute(deps: TrackingDeps): RequestHandler {
  const { orders, notes } = deps;
  return (req, res) =>
    answering(res, deps, async () => {
      const token = String(req.params.token);
      const form = (req.body ?? {}) as Record<string, unknown>;
      if (form.stars !== undefined) {
        // A rating: one to five stars, a comment if any; the page after it says whether it was kept.
        const stars = Number(form.stars);
        const valid = Number.isInteger(stars) && stars >= 1 && stars <= 5;
        const { outcome } = valid
          ? await orders.rateDelivery({ token, stars, comment: instructionsOf(form.comment) || undefined })
          : { outcome: 'invalid' };
        return pageOf(await orders.getTracking({ token }), madeAt(deps), null, outcome === 'kept' ? 'kept' : 'not-kept');
      }
      const tracking = await orders.getTracking({ token });
      const text = instructionsOf(form.instructions);
      if (!tracking.instructionsOpen || !tracking.dropoffWayPointId) return pageOf(tracking, madeAt(deps), 'too-late');
      if (text) {
        // A link is held by whoever the message reached: a few notes a task, so no holder grows
        // the drop-off's notes (and Get Order, and its webhooks) without bound.
        const count = await deps.kv.increment(keys.trackingInstructions(tracking.taskId), INSTRUCTIONS_KEPT_MS);
        if (count > MAX_INSTRUCTIONS_PER_TASK) return pageOf(tracking, madeAt(deps), 'too-many');
        await notes.addNote({
          accountId: tracking.accountId,
          clientId: 'recipient',
          correlationId: String(res.locals.correlationId ?? ''),
          taskId: tracking.taskId,
          wayPointId: tracking.dropoffWayPointId,
          type: 'TEXT',
          text: `From the recipient: ${text}`,
        });
      }
      return pageOf(tracking, madeAt(deps), text ? 'sent' : null);
    });
}
