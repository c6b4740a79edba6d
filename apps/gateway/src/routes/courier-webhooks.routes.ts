import { timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { AccountRepository } from '@delivery/accounts';
import { DomainError } from '@delivery/contracts';
import { doordashWebhookSchema, reportOfDoorDashWebhook } from '@delivery/couriers';
import { hashOfAuthorization } from '@delivery/webhooks';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { validate } from '../http/validate';

const paramsSchema = z.object({
  accountId: z.string().min(1).max(200),
  fleetId: z.coerce
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
});

const unauthenticated = () => new DomainError('UNAUTHENTICATED', 'The webhook does not carry the credential set for this fleet');

function sameHash(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a, 'hex'), Buffer.from(b, 'hex')];
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A DoorDash fleet's status webhook: checked against the credential set for that fleet (one
 * unknown fleet answers as a wrong credential does), then applied to the task whose id is
 * DoorDash's `external_delivery_id`, as the furthest stage the task has not reached yet.
 */
export function doordashWebhookRoute(deps: {
  accounts: Pick<AccountRepository, 'listFleets'>;
  orders: OrderLifecycleGateway;
}): RequestHandler {
  return async (req, res) => {
    const { accountId, fleetId } = validate(paramsSchema, req.params);
    const fleet = (await deps.accounts.listFleets(accountId)).find((f) => f.id === fleetId);
    const expected = fleet?.connector.kind === 'doordash' ? fleet.connector.webhookAuthorizationHash : null;
    const given = req.get('authorization');
    if (!expected || !given || !sameHash(hashOfAuthorization(given), expected)) throw unauthenticated();
    const webhook = validate(doordashWebhookSchema, req.body);
    const report = reportOfDoorDashWebhook(webhook);
    // An event that says nothing of where the delivery stands (a batch, a Dasher's position alone) changes nothing.
    if (!report) return void res.json({ success: true, changed: false });
    const { changed } = await deps.orders.applyFleetAction({
      accountId,
      fleetId,
      correlationId: res.locals.correlationId,
      taskId: webhook.external_delivery_id,
      kind: 'ADVANCE',
      stage: report.stage,
      ...(report.courier && {
        driver: { name: report.courier.name, phone: report.courier.phone ?? undefined, vehicle: report.courier.vehicle ?? undefined },
      }),
      ...(report.location && { lat: report.location.lat, lng: report.location.lng }),
      ...(report.etas.pickup && { pickupEta: report.etas.pickup }),
      ...(report.etas.dropoff && { dropoffEta: report.etas.dropoff }),
      ...(report.reason && { reason: report.reason }),
      ...(report.proof && {
        proofOfDelivery: {
          recipientName: report.proof.recipientName ?? undefined,
          signatureUrl: report.proof.signatureUrl ?? undefined,
          photoUrl: report.proof.photoUrl ?? undefined,
          note: report.proof.note ?? undefined,
        },
      }),
    });
    res.json({ success: true, changed });
  };
}
