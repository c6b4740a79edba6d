import { aShipRequest } from '../../e2e/support/ship-request.fixture';

const ORDERS = '/partner-integrations-service/v1/integrations/partner/orders';

export interface LoadedTask {
  taskId: string;
  carrierCode: string;
  /** When the gateway first answered it made (or had made) the order. */
  createdAt: number;
}

/** An answer other than 200 to a Create Order (a status, or a failed connection as 0), when. */
export interface RefusedAttempt {
  status: number;
  at: number;
}

/**
 * Create Orders at a steady rate, as the platform sends them: each a full ship request due
 * within hours (so no lateness alert fires), retried with the same record until answered 200,
 * as a caller retries: the same fulfillment id makes no second order.
 */
export function startOrderLoad(options: {
  gatewayUrl: string;
  credentials: { clientId: string; clientSecret: string };
  perSecond: number;
  /** The carrier codes the orders take in turn (one a fleet of the sandbox, one a courier network's). */
  carrierCodes: readonly string[];
}) {
  const tasks: LoadedTask[] = [];
  const refused: RefusedAttempt[] = [];
  const inFlight = new Set<Promise<void>>();
  let token: string | null = null;
  let stopped = false;
  let made = 0;

  const freshToken = async (): Promise<string> => {
    const answer = await fetch(`${options.gatewayUrl}/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: options.credentials.clientId,
        client_secret: options.credentials.clientSecret,
      }),
    });
    if (!answer.ok) throw Object.assign(new Error(`token: ${answer.status}`), { status: answer.status });
    return ((await answer.json()) as { access_token: string }).access_token;
  };

  const createOne = async (carrierCode: string) => {
    const body = aShipRequest({ carrierCode });
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    body.shipRequest.shipment = { ...body.shipRequest.shipment, shipDate: hours(1), deliveryDate: hours(3) };
    const json = JSON.stringify(body);
    for (let attempt = 0; ; attempt += 1) {
      try {
        token ??= await freshToken();
        const answer = await fetch(`${options.gatewayUrl}${ORDERS}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: json,
          signal: AbortSignal.timeout(15_000),
        });
        const text = await answer.text();
        if (answer.status === 200) {
          const taskId = (JSON.parse(text) as { completedShipments: { task_id: string }[] }).completedShipments[0]!.task_id;
          tasks.push({ taskId, carrierCode, createdAt: Date.now() });
          return;
        }
        if (answer.status === 401) token = null;
        refused.push({ status: answer.status, at: Date.now() });
      } catch (error) {
        refused.push({ status: (error as { status?: number }).status ?? 0, at: Date.now() });
      }
      // A caller's back-off, short enough that a recovered gateway is seen at once.
      await new Promise((resolve) => setTimeout(resolve, Math.min(200 * 2 ** attempt, 2_000)));
    }
  };

  const launch = (carrierCode: string) => {
    const one = createOne(carrierCode).finally(() => inFlight.delete(one));
    inFlight.add(one);
  };
  const started = Date.now();
  const tick = setInterval(
    () => {
      if (stopped) return;
      // Orders owed since the start, so a stalled event loop catches up rather than drifts.
      const due = Math.floor(((Date.now() - started) / 1000) * options.perSecond);
      for (; made < due; made += 1) launch(options.carrierCodes[made % options.carrierCodes.length]!);
    },
    Math.max(10, 1000 / options.perSecond / 2),
  );

  return {
    tasks,
    refused,
    /** Orders being made or retried now. */
    inFlight: () => inFlight.size,
    /** `count` more orders at once, beside the steady ones: calls in flight to cut. */
    burst(count: number): void {
      for (let i = 0; i < count; i += 1) launch(options.carrierCodes[i % options.carrierCodes.length]!);
    },
    /** Stops making new orders; resolves once every order begun is made. */
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(tick);
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
  };
}

export type OrderLoad = ReturnType<typeof startOrderLoad>;
