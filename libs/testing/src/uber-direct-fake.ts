import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface UberAppFixture {
  customerId: string;
  clientId: string;
  clientSecret: string;
  /** The webhook's signing key, as Uber's dashboard shows it. */
  webhookSigningKey: string;
}

/** A request the fake took: what it was sent and whether its bearer token was one the fake issued. */
export interface UberCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
  authorized: boolean;
}

export interface UberRefusal {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** What Uber's courier app adds to a delivery as it moves on. */
export interface UberCourierFixture {
  name: string;
  phone_number: string;
  location: { lat: number; lng: number };
  vehicle_make?: string;
  vehicle_model?: string;
  vehicle_type?: string;
}

/** The drop-off's `WaypointInfo` once the courier is there: the proof (`VerificationProof`), and the courier's notes. */
export interface UberDropoffFixture {
  courier_notes?: string;
  verification?: {
    signature?: { image_url: string; name?: string };
    picture?: { image_url: string };
    identification?: { min_age_verified: boolean };
    barcodes?: { value: string; type: string; scan_result: { outcome: 'SUCCESS' | 'INVALID' | 'SKIPPED'; timestamp: string } }[];
  };
}

/** List Deliveries' `filter=ongoing`: deliveries not yet ended. */
const ONGOING = ['pending', 'pickup', 'pickup_complete', 'dropoff'];

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

const REQUIRED_FOR_DELIVERY = [
  'pickup_name',
  'pickup_address',
  'pickup_phone_number',
  'dropoff_name',
  'dropoff_address',
  'dropoff_phone_number',
  'manifest_items',
];

/** uber/uber-direct-sdk's OpenAPI on `pickup_phone_number` and `dropoff_phone_number`: pattern `^\+[0-9]+$`, "e164 format". */
const E164 = /^\+[0-9]+$/;
const badPhones = (body: Record<string, unknown>) =>
  ['pickup_phone_number', 'dropoff_phone_number'].filter((field) => body[field] !== undefined && !E164.test(String(body[field])));

/** A structured address as Uber's API takes it: a JSON string with `street_address` lines. */
function isStructuredAddress(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  try {
    const address = JSON.parse(value) as { street_address?: unknown };
    return Array.isArray(address.street_address) && address.street_address.length > 0;
  } catch {
    return false;
  }
}

/**
 * Uber Direct on the loopback, as Uber documents it: an OAuth 2.0 token URL taking
 * client credentials in the form (scope `eats.deliveries`); `/v1/customers/{customer_id}/…`
 * with that bearer token; quotes and deliveries with Uber's required fields (structured
 * addresses as JSON strings, names and phone numbers at both stops, manifest items); cancel
 * until the courier has the parcel; List Deliveries (`filter=ongoing`, `limit`, `offset`,
 * answering `{ data, next_href, total_count }`); status webhooks `event.delivery_status` signed with the
 * webhook signing key (hex HMAC-SHA256 of the body in `x-uber-signature`).
 */
export async function startUberDirectFake(app: UberAppFixture, options: { fee?: number; now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const calls: UberCall[] = [];
  const tokens = new Set<string>();
  const deliveries = new Map<string, Record<string, unknown>>();
  const idempotencyKeys = new Map<string, { id: string; at: number }>();
  let quoteRefusals: UberRefusal[] = [];
  let deliveryRefusals: UberRefusal[] = [];
  let answersToLose = 0;
  /** Requests taken while Uber hangs: never answered, until it answers again. */
  let held: ServerResponse[] | null = null;
  const at = (minutes: number) => new Date(now() + minutes * 60_000).toISOString();

  /** Every token request, and whether it was granted. */
  const tokenRequests: { granted: boolean }[] = [];
  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      if (held) return void held.push(res);
      const path = req.url ?? '/';
      if (req.method === 'POST' && path === '/oauth/v2/token') {
        const form = new URLSearchParams(text);
        const valid =
          form.get('grant_type') === 'client_credentials' &&
          form.get('client_id') === app.clientId &&
          form.get('client_secret') === app.clientSecret &&
          form.get('scope') === 'eats.deliveries';
        tokenRequests.push({ granted: valid });
        if (!valid) return json(res, 401, { error: 'invalid_client' });
        const token = randomBytes(16).toString('hex');
        tokens.add(token);
        return json(res, 200, { access_token: token, expires_in: 2_592_000, token_type: 'Bearer', scope: 'eats.deliveries' });
      }
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      const authorized = tokens.has(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
      calls.push({ method: req.method ?? '', path, body, authorized });
      const prefix = `/v1/customers/${encodeURIComponent(app.customerId)}/`;
      if (!path.startsWith(prefix)) return json(res, 404, { code: 'not_found', message: 'No such route' });
      if (!authorized) return json(res, 401, { code: 'unauthorized', message: 'The access token is invalid' });
      const rest = path.slice(prefix.length);
      if (req.method === 'POST' && rest === 'delivery_quotes') {
        const refusal = quoteRefusals.shift();
        if (refusal) return json(res, refusal.status, refusal.body ?? { code: 'error' }, refusal.headers);
        if (!isStructuredAddress(body.pickup_address) || !isStructuredAddress(body.dropoff_address)) {
          return json(res, 400, { code: 'invalid_params', message: 'The address is invalid' });
        }
        if (badPhones(body).length > 0)
          return json(res, 400, { code: 'invalid_params', message: 'The request is invalid', metadata: { phone: badPhones(body) } });
        return json(res, 200, {
          kind: 'delivery_quote',
          id: `dqt_${randomBytes(8).toString('hex')}`,
          created: at(0),
          expires: at(15),
          fee: options.fee ?? 875,
          currency: 'usd',
          currency_type: 'USD',
          dropoff_eta: at(45),
          duration: 45,
          pickup_duration: 12,
          dropoff_deadline: at(60),
        });
      }
      if (req.method === 'POST' && rest === 'deliveries') {
        const refusal = deliveryRefusals.shift();
        if (refusal) return json(res, refusal.status, refusal.body ?? { code: 'error' }, refusal.headers);
        const missing = REQUIRED_FOR_DELIVERY.filter((field) => !body[field]);
        const badItems = !Array.isArray(body.manifest_items) || body.manifest_items.length === 0;
        const invalid = badItems || badPhones(body).length > 0;
        if (missing.length > 0 || invalid || !isStructuredAddress(body.pickup_address) || !isStructuredAddress(body.dropoff_address)) {
          return json(res, 400, { code: 'invalid_params', message: 'The request is invalid', metadata: { missing } });
        }
        // `idempotency_key`: "avoid duplicate order creation with identical idempotency keys", kept 60 minutes;
        // Uber does not say what a repeat answers: here, the delivery the key made.
        const key = typeof body.idempotency_key === 'string' ? body.idempotency_key : null;
        const keyed = key ? idempotencyKeys.get(key) : undefined;
        if (keyed && now() - keyed.at < 60 * 60_000) return json(res, 200, deliveries.get(keyed.id));
        const id = `del_${randomBytes(8).toString('hex')}`;
        if (key) idempotencyKeys.set(key, { id, at: now() });
        const delivery = {
          id,
          kind: 'delivery',
          status: 'pending',
          complete: false,
          external_id: body.external_id,
          fee: options.fee ?? 875,
          currency: 'usd',
          courier: null,
          pickup_eta: typeof body.pickup_ready_dt === 'string' ? body.pickup_ready_dt : at(12),
          dropoff_eta: at(45),
          tracking_url: `https://uber.example/orders/${id}`,
          created: at(0),
          updated: at(0),
          live_mode: false,
          // DeliveryResp: empty until the delivery turns out undeliverable.
          undeliverable_action: '',
          undeliverable_reason: '',
        };
        deliveries.set(id, delivery);
        if (answersToLose > 0) {
          answersToLose -= 1;
          return res.destroy();
        }
        return json(res, 200, delivery);
      }
      const list = /^deliveries\?(.*)$/.exec(rest);
      if (req.method === 'GET' && list) {
        const query = new URLSearchParams(list[1]);
        const [limit, offset] = [Number(query.get('limit') ?? 20), Number(query.get('offset') ?? 0)];
        const listed = [...deliveries.values()].filter((d) => query.get('filter') !== 'ongoing' || ONGOING.includes(String(d.status)));
        const page = listed.slice(offset, offset + limit);
        const more = offset + limit < listed.length;
        return json(res, 200, {
          object: 'list',
          data: page,
          total_count: listed.length,
          url: path,
          next_href: more
            ? `${prefix}deliveries?${new URLSearchParams({ ...Object.fromEntries(query), offset: String(offset + limit) })}`
            : null,
        });
      }
      const one = /^deliveries\/([^/]+)(\/cancel)?$/.exec(rest);
      const found = one ? deliveries.get(decodeURIComponent(one[1]!)) : undefined;
      if (one && !found) return json(res, 404, { code: 'delivery_not_found', message: 'Delivery not found' });
      if (found && req.method === 'GET' && !one![2]) return json(res, 200, found);
      if (found && req.method === 'POST' && one![2]) {
        if (!['pending', 'pickup'].includes(String(found.status))) {
          return json(res, 400, { code: 'noncancelable_delivery', message: 'The delivery cannot be canceled' });
        }
        Object.assign(found, { status: 'canceled', updated: at(0) });
        return json(res, 200, found);
      }
      return json(res, 404, { code: 'not_found', message: 'No such route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const byExternalId = (externalId: string) => [...deliveries.values()].find((d) => d.external_id === externalId);
  return {
    tokenRequests,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** Deliveries made, as Uber holds them, found by the `external_id` we gave. */
    byExternalId,
    /** Every delivery made with that `external_id`: more than one is a courier sent twice. */
    allByExternalId: (externalId: string) => [...deliveries.values()].filter((d) => d.external_id === externalId),
    refuseNextQuotes: (...next: UberRefusal[]) => {
      quoteRefusals = next;
    },
    refuseNextDeliveries: (...next: UberRefusal[]) => {
      deliveryRefusals = next;
    },
    /** Uber makes the next delivery, and its answer is lost on the way (the connection drops). */
    loseNextAnswer: () => {
      answersToLose += 1;
    },
    /** Uber takes every request, its token URL's too, and answers none (an outage behind a load balancer that still accepts connections). */
    hang: () => {
      held ??= [];
    },
    /** How many requests Uber holds unanswered. */
    heldRequests: () => held?.length ?? 0,
    /** Uber answers again; the requests it held are dropped, as a restarted server drops them. */
    answerAgain: () => {
      held?.forEach((res) => res.destroy());
      held = null;
    },
    /** Every token issued so far stops working, as when Uber revokes them. */
    revokeTokens: () => tokens.clear(),
    /**
     * The delivery moves on (the courier's app): its status, the courier, and at the drop-off
     * what was collected (`WaypointInfo` with its `VerificationProof`, as Uber's OpenAPI has it).
     */
    progress: (
      externalId: string,
      status: string,
      courier?: UberCourierFixture,
      dropoff?: UberDropoffFixture,
      undeliverable?: { undeliverable_reason: string; undeliverable_action: '' | 'returned' | 'left_at_door' },
    ) => {
      const found = byExternalId(externalId);
      if (!found) throw new Error(`the fake has no delivery for ${externalId}`);
      Object.assign(found, { status, updated: at(0), ...(courier && { courier }), ...(dropoff && { dropoff }), ...undeliverable });
    },
    /** Posts `event.delivery_status` of the delivery as it stands, signed as Uber signs (or with `key` instead). */
    webhook: async (url: string, externalId: string, key = app.webhookSigningKey) => {
      const data = byExternalId(externalId)!;
      const body = JSON.stringify({
        kind: 'event.delivery_status',
        id: `evt_${randomBytes(8).toString('hex')}`,
        delivery_id: data.id,
        status: data.status,
        data,
        created: at(0),
        live_mode: false,
      });
      const signature = createHmac('sha256', key).update(body).digest('hex');
      return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-uber-signature': signature }, body });
    },
    stop: async () => {
      held = null;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
