import { quoteResponseSchema, webhookPayloadSchema, type Quote } from '@delivery/contracts';
import { eventually, type WebhookReceiver } from '@delivery/testing';
import { adminCommands } from '../../apps/admin/src';
import { adminDepsOver } from '../../apps/admin/src';
import { minutesFromNow } from './planned-flow';
import { aQuoteRequest, aReleaseOrderRecord, aShipRequest, aSoftReservation } from './ship-request.fixture';
import { call, V1_ORDERS, V2, type Harness } from './standalone-harness';

export { uberDirectFleetOptions } from './uber-direct-fleet-options';

export const COURIER_URL_POLICY = { allowHttp: true, allowPrivateNetworks: true };

/** What the courier fleet suites do alike: the operator's commands, a Same-Day order for the fleet's carrier, and what the caller then reads. */
export function courierFleetSteps(harness: () => Harness, token: () => string, carrierCode: string) {
  const admin = (command: string, options: Record<string, string>) =>
    adminCommands[command]!(
      { account: harness().demo.accountId, ...options },
      adminDepsOver({
        accounts: harness().running.accounts,
        deliveries: harness().running.deliveries,
        clock: harness().clock,
        urlPolicy: COURIER_URL_POLICY,
      }),
    ) as Promise<Record<string, unknown>>;
  const sameDay = async () => {
    const created = await call(harness(), 'POST', V1_ORDERS, { token: token(), json: aShipRequest({ carrierCode }) });
    expect(created.status).toBe(200);
    return created.body.completedShipments[0] as { task_id: string; fulfillmentId: string };
  };
  const order = async (taskId: string) =>
    (await call(harness(), 'GET', `${V1_ORDERS}/${taskId}`, { token: token() })).body.completedShipments[0];
  /** The network took the task: the fleet accepted it. */
  const handedOver = (taskId: string) =>
    eventually(async () => expect((await order(taskId)).fleet?.accepted_at).toEqual(expect.any(String)));
  const webhooksOf = (receiver: WebhookReceiver, taskId: string) =>
    receiver.received.map((w) => webhookPayloadSchema.parse(JSON.parse(w.body))).filter((w) => w.data.task_id === taskId);
  /** The Planned flow up to the confirmed hold: a quote for the fleet's carrier (the first, unless `pick` chooses), held and confirmed. */
  const confirmedReservation = async (pick: (quotes: Quote[]) => Quote = (quotes) => quotes[0]!) => {
    const quoted = await call(harness(), 'POST', `${V2}/quotes`, { token: token(), json: aQuoteRequest({ carrierCode }) });
    const quote = pick(quoteResponseSchema.parse(quoted.body).quotes!);
    const reserved = await call(harness(), 'POST', `${V2}/orders`, {
      token: token(),
      json: aSoftReservation(quote.id, minutesFromNow(harness(), 3), { carrierCode }),
    });
    expect(reserved.status).toBe(200);
    const shipment = reserved.body.completedShipments[0];
    const confirmed = await call(harness(), 'PATCH', `${V2}/orders`, { token: token(), json: aReleaseOrderRecord(shipment.orderId) });
    expect(confirmed.status).toBe(204);
    return { quote, taskId: shipment.task_id as string };
  };
  return { admin, sameDay, order, handedOver, webhooksOf, confirmedReservation };
}
