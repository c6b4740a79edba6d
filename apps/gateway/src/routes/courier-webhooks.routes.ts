import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import type { AccountReader, FleetConnectorSettings } from '@delivery/accounts';
import { DomainError } from '@delivery/contracts';
import { COURIER_WEBHOOKS } from '@delivery/couriers';
import { hashOfAuthorization } from '@delivery/accounts';
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

function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether the webhook is the network's, as each documents it: DoorDash sends the
 * Authorization set in its portal (we hold its hash); Uber signs the body, HMAC-SHA256 with
 * the webhook's signing key, hex in `x-uber-signature` (`x-postmates-signature` in its older
 * guide); Onfleet signs it with HMAC-SHA512, hex in `x-onfleet-signature`.
 */
function authentic(connector: FleetConnectorSettings, req: Request, body: Buffer): boolean {
  if (connector.kind === 'doordash') {
    const given = req.get('authorization');
    const expected = connector.webhookAuthorizationHash;
    return Boolean(given && expected) && sameBytes(Buffer.from(hashOfAuthorization(given!), 'hex'), Buffer.from(expected!, 'hex'));
  }
  if (connector.kind === 'uber-direct') {
    const given = req.get('x-uber-signature') ?? req.get('x-postmates-signature');
    if (!given || !connector.webhookSigningKey) return false;
    const expected = createHmac('sha256', connector.webhookSigningKey).update(body).digest('hex');
    return sameBytes(Buffer.from(given.toLowerCase()), Buffer.from(expected));
  }
  if (connector.kind === 'onfleet') {
    // Onfleet: HMAC-SHA512 of the body's bytes, keyed by the organisation's secret decoded from hex.
    const given = req.get('x-onfleet-signature');
    if (!given || !connector.webhookSecret) return false;
    const expected = createHmac('sha512', Buffer.from(connector.webhookSecret, 'hex')).update(body).digest('hex');
    return sameBytes(Buffer.from(given.toLowerCase()), Buffer.from(expected));
  }
  return false;
}

function jsonOf(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new DomainError('VALIDATION_FAILED', 'Invalid request: the body is not JSON');
  }
}

/**
 * A courier fleet's status webhook (the body as it came, for its signature): checked with
 * the fleet's own credential (an unknown fleet answers as a wrong credential does), read as
 * its network writes it, and applied to the task it names as the furthest stage the task has
 * not reached yet.
 */
export function courierWebhookRoute(deps: { accounts: Pick<AccountReader, 'getFleet'>; orders: OrderLifecycleGateway }): RequestHandler {
  return async (req, res) => {
    const { accountId, fleetId } = validate(paramsSchema, req.params);
    // One read by key: a stranger's call costs a lookup, however many fleets the account has.
    const fleet = await deps.accounts.getFleet(accountId, fleetId);
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!fleet || !authentic(fleet.connector, req, body)) throw unauthenticated();
    const webhooks = COURIER_WEBHOOKS[fleet.connector.kind as keyof typeof COURIER_WEBHOOKS];
    const { taskId, report } = webhooks.read(validate(webhooks.schema, jsonOf(body)));
    // An event that says nothing of where the delivery stands (a batch, a position alone), or of a delivery not ours, changes nothing.
    if (!report || !taskId) return void res.json({ success: true, changed: false });
    const { changed } = await deps.orders.applyFleetAction({
      accountId,
      fleetId,
      correlationId: res.locals.correlationId,
      taskId,
      kind: 'ADVANCE',
      stage: report.stage,
      ...(report.courier && {
        driver: { name: report.courier.name, phone: report.courier.phone ?? undefined, vehicle: report.courier.vehicle ?? undefined },
      }),
      ...(report.location && { lat: report.location.lat, lng: report.location.lng }),
      ...(report.etas.pickup && { pickupEta: report.etas.pickup }),
      ...(report.etas.dropoff && { dropoffEta: report.etas.dropoff }),
      ...(report.reason && { reason: report.reason }),
      ...(report.failureCode && { failureCode: report.failureCode }),
      ...(report.reference && { reference: report.reference }),
      ...(report.fee && { fee: report.fee }),
      ...(report.proof && {
        proofOfDelivery: {
          recipientName: report.proof.recipientName ?? undefined,
          signatureUrl: report.proof.signatureUrl ?? undefined,
          photoUrl: report.proof.photoUrl ?? undefined,
          note: report.proof.note ?? undefined,
          verified: report.proof.verified ?? [],
          barcodes: report.proof.barcodes ?? [],
        },
      }),
    });
    res.json({ success: true, changed });
  };
}

/**
 * Onfleet's URL validation: before it enables a webhook, Onfleet asks the URL with a `check`
 * value and expects it back, untouched, as plain text. Answered only at an Onfleet fleet's URL.
 */
export function onfleetValidationRoute(deps: { accounts: Pick<AccountReader, 'getFleet'> }): RequestHandler {
  return async (req, res) => {
    const { accountId, fleetId } = validate(paramsSchema, req.params);
    const { check } = validate(z.object({ check: z.string().min(1).max(200) }), req.query);
    const fleet = await deps.accounts.getFleet(accountId, fleetId);
    if (fleet?.connector.kind !== 'onfleet') throw new DomainError('FLEET_NOT_FOUND', `No Onfleet fleet ${fleetId}`);
    res.type('text/plain').set('x-content-type-options', 'nosniff').send(check);
  };
}
