import type { UberCourierFixture } from '@delivery/testing';

type UberFake = {
  calls: { method: string; path: string; body: Record<string, unknown>; authorized: boolean }[];
  byExternalId(externalId: string): Record<string, unknown> | undefined;
  progress(externalId: string, status: string, courier?: UberCourierFixture): void;
  webhook(url: string, externalId: string): Promise<Response>;
};

const COURIER: UberCourierFixture = { name: 'Cori R.', phone_number: '+15555550142', location: { lat: 40.71, lng: -74.01 } };
/** Uber's statuses of a delivery that goes well, in order (uber/uber-direct-sdk's OpenAPI, DeliveryResp.status). */
const STEPS = ['pending', 'pickup', 'pickup_complete', 'dropoff', 'delivered'] as const;

/**
 * Uber's couriers for the fake: every delivery made moves one status on every `stepMs`,
 * from pending to delivered, whatever the service does meanwhile (an outage between us and
 * Uber does not stop the courier), and Uber posts each change to the fleet's webhook URL,
 * again until it is taken (2xx), as Uber retries its webhooks.
 */
export function startUberCouriers(uber: UberFake, stepMs: number, webhookUrl: string) {
  const deliveries = new Map<string, { step: number; at: number; untold: boolean }>();
  let read = 0;
  let telling = false;
  const tell = async () => {
    telling = true;
    try {
      for (const [id, delivery] of deliveries) {
        if (!delivery.untold) continue;
        const taken = await uber.webhook(webhookUrl, id).then(
          (answer) => answer.ok,
          () => false,
        );
        delivery.untold = !taken;
      }
    } finally {
      telling = false;
    }
  };
  const timer = setInterval(() => {
    const now = Date.now();
    for (; read < uber.calls.length; read += 1) {
      const call = uber.calls[read]!;
      const id = call.body.external_id;
      if (call.method === 'POST' && call.path.endsWith('/deliveries') && typeof id === 'string' && !deliveries.has(id))
        deliveries.set(id, { step: 0, at: now, untold: false });
    }
    for (const [id, delivery] of deliveries) {
      // A create refused (its answer made nothing) leaves no delivery to move.
      if (delivery.step >= STEPS.length - 1 || now - delivery.at < stepMs || !uber.byExternalId(id)) continue;
      const step = delivery.step + 1;
      uber.progress(id, STEPS[step]!, COURIER);
      deliveries.set(id, { step, at: now, untold: true });
    }
    if (!telling) void tell();
  }, 250);
  return {
    stop: () => clearInterval(timer),
  };
}
