import type { RequestHandler } from 'express';
import type { Clock } from '@delivery/clock';
import { RemoteCallError, requirementsFromMessage, taskStatusFromMessage } from '@delivery/rpc';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { PAGE_HEADERS, trackingNotFoundPage, trackingPage, trackingUnavailablePage } from '../tracking/tracking-page';

/** The recipient's read-only tracking page; the unguessable token in the path is its only key. */
export function trackingRoute(orders: OrderLifecycleGateway, logger: Pick<Console, 'error'>, clock: Clock): RequestHandler {
  return async (req, res) => {
    res.set(PAGE_HEADERS);
    try {
      const tracking = await orders.getTracking({ token: String(req.params.token) });
      res.send(
        trackingPage({
          status: taskStatusFromMessage(tracking.status),
          eta: tracking.eta ?? null,
          driverFirstName: tracking.driverFirstName ?? null,
          updatedAt: tracking.updatedAt,
          window: tracking.windowEnd ? { start: tracking.windowStart ?? null, end: tracking.windowEnd } : null,
          timeZone: tracking.timeZone ?? null,
          steps: tracking.steps,
          proof:
            tracking.proofRecipientName || tracking.proofPhotoUrl
              ? { recipientName: tracking.proofRecipientName ?? null, photoUrl: tracking.proofPhotoUrl ?? null }
              : null,
          requirements: requirementsFromMessage(tracking.requirements),
          pin: tracking.pin ?? null,
          now: clock.now().getTime(),
          retailer: { name: tracking.retailerName, colour: tracking.brandColour ?? null, logoUrl: tracking.brandLogoUrl ?? null },
        }),
      );
    } catch (error) {
      if (error instanceof RemoteCallError && error.code === 'ORDER_NOT_FOUND') return void res.status(404).send(trackingNotFoundPage());
      logger.error('tracking page unavailable:', error instanceof Error ? error.message : error);
      res.status(503).send(trackingUnavailablePage());
    }
  };
}
