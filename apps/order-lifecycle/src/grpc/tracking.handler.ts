import { requirementsToMessage, TASK_STATUS_MESSAGE, type GetTrackingRequestMessage, type TrackingInput } from '@delivery/rpc';
import type { Clock } from '@delivery/clock';
import { trackDelivery } from '../domain/tracking';
import { rateDelivery } from '../domain/rate-delivery';
import type { RateDeliveryRequestMessage } from '@delivery/rpc';
import type { Fleets } from '../ports/fleets';
import type { TaskRepository } from '../ports/task.repository';

export function getTrackingHandler(deps: { tasks: TaskRepository; fleets: Pick<Fleets, 'getFleet' | 'getAccount'>; clock: Clock }) {
  return async (request: GetTrackingRequestMessage): Promise<TrackingInput> => {
    const view = await trackDelivery(request.token, deps);
    return {
      status: TASK_STATUS_MESSAGE[view.status],
      eta: view.eta ?? undefined,
      driverFirstName: view.driverFirstName ?? undefined,
      updatedAt: view.updatedAt,
      windowStart: view.window?.start ?? undefined,
      windowEnd: view.window?.end,
      timeZone: view.timeZone ?? undefined,
      steps: view.steps,
      proofRecipientName: view.proof?.recipientName ?? undefined,
      proofPhotoUrl: view.proof?.photoUrl ?? undefined,
      requirements: view.requirements ? requirementsToMessage(view.requirements) : undefined,
      pin: view.pin ?? undefined,
      retailerName: view.retailer.name,
      brandColour: view.retailer.colour ?? undefined,
      brandLogoUrl: view.retailer.logoUrl ?? undefined,
      accountId: view.instructions.accountId,
      taskId: view.instructions.taskId,
      dropoffWayPointId: view.instructions.dropoffId ?? undefined,
      instructionsOpen: view.instructions.open,
      ratingOpen: view.rating.open,
      ratingGiven: view.rating.given ?? undefined,
      driverLocation: view.map?.driver,
      dropoffLat: view.map?.dropoff?.lat,
      dropoffLng: view.map?.dropoff?.lng,
    };
  };
}

export function rateDeliveryHandler(deps: { tasks: TaskRepository; clock: Clock }) {
  return async (request: RateDeliveryRequestMessage) => ({
    outcome: await rateDelivery(request.token, { stars: request.stars, comment: request.comment ?? null }, deps),
  });
}
