import { createHash } from 'node:crypto';
import type { Fleet } from './fleet';

/**
 * Where a courier network posts its status webhooks for one fleet, and (DoorDash) the
 * Authorization header they must carry; Uber signs them with the key its dashboard gives.
 */
export interface CourierWebhook {
  path: string;
  authorization: string | null;
}

/** The gateway's route for a courier fleet's webhooks: one per fleet, so each is checked with its own credential. */
export const COURIER_WEBHOOK_ROUTE = '/couriers/v1/:accountId/:fleetId/webhooks';

export const courierWebhookPath = (fleet: Pick<Fleet, 'accountId' | 'id'>) =>
  COURIER_WEBHOOK_ROUTE.replace(':accountId', encodeURIComponent(fleet.accountId)).replace(':fleetId', String(fleet.id));

export const hashOfAuthorization = (header: string) => createHash('sha256').update(header).digest('hex');
