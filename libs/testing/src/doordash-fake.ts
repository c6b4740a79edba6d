import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';

export interface DoorDashAccessKeyFixture {
  developerId: string;
  keyId: string;
  /** Base64url, as DoorDash's portal gives it. */
  signingSecret: string;
}

/** A request the fake took, with what it found wrong, if anything. */
export interface DoorDashCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
  /** The verified JWT's header and claims; null when it was refused. */
  token: { header: jwt.JwtHeader; claims: jwt.JwtPayload } | null;
}

/** How the next quote request is answered instead of a quote: a status, headers, and a body the caller must not repeat. */
export interface DoorDashRefusal {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));

/** DoorDash's reference on every `*_phone_number`: "Must adhere to E.164". */
const E164 = /^\+[1-9]\d{6,14}$/;

/** The phone numbers of a request that are given but not E.164, as DoorDash's validation names them. */
const badPhones = (body: Record<string, unknown>) =>
  ['pickup_phone_number', 'dropoff_phone_number']
    .filter((field) => body[field] !== undefined && !E164.test(String(body[field])))
    .map((field) => ({ field, error: 'Must adhere to E.164' }));

/** What a Dasher's app adds to a delivery as it moves on: DoorDash's `Delivery` fields. */
export interface DasherProgress {
  dasher_name?: string;
  /** DasherDetails (@doordash/sdk): the Dasher's numbers as the drop-off and the pick-up call them, and the vehicle. */
  dasher_dropoff_phone_number?: string;
  dasher_pickup_phone_number?: string;
  dasher_vehicle_make?: string;
  dasher_vehicle_model?: string;
  dasher_vehicle_year?: string;
  dasher_location?: { lat: number; lng: number };
  /** The Dasher's photo where the parcel was left, and the recipient's signature. */
  dropoff_verification_image_url?: string;
  dropoff_signature_image_url?: string;
  /** Why DoorDash ended it (DeliveryResponseCancellationReasonEnum in @doordash/sdk). */
  cancellation_reason?:
    | 'cancelled_by_creator'
    | 'failed_to_process_payment'
    | 'failed_to_assign_and_refunded'
    | 'failed_to_pickup'
    | 'failed_to_deliver'
    | 'failed_to_return';
}

/**
 * DoorDash Drive API v2 on the loopback, as its published contract (DoorDash's Drive OpenAPI,
 * the DeliveryQuoteInput and DeliveryResponse of its SDK, and its JWT rules) describes it:
 * every call must carry a JWT that jsonwebtoken verifies with the access key (HS256,
 * `dd-ver: DD-JWT-V1`, `aud: doordash`, `iss` and `kid`, at most 30 minutes of life); a quote
 * needs an `external_delivery_id`, a drop-off address and phone number (accepting one is
 * not here: we make the delivery at dispatch); a delivery needs an `external_delivery_id` and both addresses, is read back and
 * cancelled by that id, and cannot be cancelled once a Dasher is assigned. `webhook` posts a
 * status webhook as DoorDash does: its event name and the delivery's details, with the
 * Authorization header set in the portal.
 */
/**
 * `DropoffOptions` and `DropoffPinCodeVerificationMetadata` as @doordash/sdk 0.6.13's
 * generated Drive client types them: each option one of its enum's values; a `pin_code`
 * proof of delivery needs the metadata, with a value when the merchant provides the number.
 */
const DROPOFF_OPTIONS: Record<string, string[]> = {
  signature: ['required', 'preferred', 'none'],
  id_verification: ['required', 'preferred', 'none'],
  proof_of_delivery: ['photo_required', 'photo_preferred', 'pin_code', 'none'],
  catering_setup: ['required', 'none'],
};
function badDropoffOptions(body: Record<string, unknown>): { field: string; error: string }[] {
  const options = (body.dropoff_options ?? {}) as Record<string, unknown>;
  const errors = Object.entries(options)
    .filter(([name, value]) => !DROPOFF_OPTIONS[name]?.includes(String(value)))
    .map(([name]) => ({ field: `dropoff_options.${name}`, error: 'Invalid value' }));
  const metadata = body.dropoff_pin_code_verification_metadata as { pin_code_type?: string; pin_code_value?: string } | undefined;
  if (options.proof_of_delivery === 'pin_code') {
    const types = ['random_number', 'customer_phone_number', 'merchant_provided_number'];
    if (!metadata || !types.includes(String(metadata.pin_code_type)))
      errors.push({ field: 'dropoff_pin_code_verification_metadata', error: 'This field is required' });
    else if (metadata.pin_code_type === 'merchant_provided_number' && !metadata.pin_code_value)
      errors.push({ field: 'dropoff_pin_code_verification_metadata.pin_code_value', error: 'This field is required' });
  }
  return errors;
}

export async function startDoorDashFake(key: DoorDashAccessKeyFixture, options: { fee?: number; now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const calls: DoorDashCall[] = [];
  const quotes = new Map<string, Record<string, unknown>>();
  const deliveries = new Map<string, Record<string, unknown>>();
  let refusals: DoorDashRefusal[] = [];
  let deliveryRefusals: DoorDashRefusal[] = [];

  const verified = (req: IncomingMessage): DoorDashCall['token'] => {
    const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer) return null;
    try {
      const { header, payload } = jwt.verify(bearer, Buffer.from(key.signingSecret, 'base64url'), {
        algorithms: ['HS256'],
        audience: 'doordash',
        issuer: key.developerId,
        complete: true,
      }) as jwt.Jwt & { payload: jwt.JwtPayload };
      const lifetime = (payload.exp ?? 0) - (payload.iat ?? 0);
      if ((header as unknown as Record<string, unknown>)['dd-ver'] !== 'DD-JWT-V1' || payload.kid !== key.keyId) return null;
      if (lifetime <= 0 || lifetime > 30 * 60) return null;
      return { header, claims: payload };
    } catch {
      return null;
    }
  };

  const delivery = (id: string, body: Record<string, unknown>, status: string, at: number) => ({
    external_delivery_id: id,
    currency: 'USD',
    delivery_status: status,
    fee: options.fee ?? 975,
    pickup_address: body.pickup_address,
    pickup_phone_number: body.pickup_phone_number,
    dropoff_address: body.dropoff_address,
    dropoff_phone_number: body.dropoff_phone_number,
    pickup_time_estimated: new Date(at + 20 * 60_000).toISOString(),
    dropoff_time_estimated: new Date(at + 50 * 60_000).toISOString(),
    support_reference: '1343593866',
    tracking_url: `https://doordash.example/tracking/${id}`,
  });

  const server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      const body = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
      const token = verified(req);
      const path = req.url ?? '/';
      calls.push({ method: req.method ?? '', path, body, token });
      if (!token) return json(res, 401, { code: 'authentication_error', message: 'the JWT is invalid' });
      if (req.method === 'POST' && path === '/drive/v2/quotes') {
        const refusal = refusals.shift();
        if (refusal) return json(res, refusal.status, refusal.body ?? { code: 'error' }, refusal.headers);
        const missing = ['external_delivery_id', 'dropoff_address', 'dropoff_phone_number'].filter((field) => !body[field]);
        const errors = [...missing.map((field) => ({ field, error: 'This field is required' })), ...badPhones(body)];
        if (errors.length > 0) return json(res, 400, { code: 'validation_error', message: 'Validation Failed', field_errors: errors });
        const id = String(body.external_delivery_id);
        if (quotes.has(id)) return json(res, 409, { code: 'duplicate_delivery_id', message: 'Delivery with this id exists' });
        quotes.set(id, body);
        return json(res, 200, delivery(id, body, 'quote', now()));
      }
      if (req.method === 'POST' && path === '/drive/v2/deliveries') {
        const refusal = deliveryRefusals.shift();
        if (refusal) return json(res, refusal.status, refusal.body ?? { code: 'error' }, refusal.headers);
        const missing = ['external_delivery_id', 'pickup_address', 'dropoff_address'].filter((field) => !body[field]);
        const errors = [
          ...missing.map((field) => ({ field, error: 'This field is required' })),
          ...badPhones(body),
          ...badDropoffOptions(body),
        ];
        if (errors.length > 0) return json(res, 400, { code: 'validation_error', message: 'Validation Failed', field_errors: errors });
        const id = String(body.external_delivery_id);
        if (deliveries.has(id)) return json(res, 409, { code: 'duplicate_delivery_id', message: 'Delivery with this id exists' });
        const made = {
          ...delivery(id, body, 'created', now()),
          ...(body.pickup_time ? { pickup_time_estimated: body.pickup_time } : {}),
          ...(body.dropoff_options ? { dropoff_options: body.dropoff_options } : {}),
        };
        deliveries.set(id, made);
        return json(res, 200, made);
      }
      const one = /^\/drive\/v2\/deliveries\/([^/]+)(\/cancel)?$/.exec(path);
      if (one) {
        const found = deliveries.get(decodeURIComponent(one[1]!));
        if (!found) return json(res, 404, { code: 'not_found', message: 'Delivery not found' });
        if (req.method === 'GET' && !one[2]) return json(res, 200, found);
        if (req.method === 'PUT' && one[2]) {
          if (!['created', 'confirmed'].includes(String(found.delivery_status))) {
            return json(res, 400, { code: 'cannot_cancel', message: 'A Dasher is assigned' });
          }
          found.delivery_status = 'cancelled';
          return json(res, 200, found);
        }
      }
      return json(res, 404, { code: 'not_found', message: 'No such route' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    /** Quotes it gave, by their external delivery id. */
    quotes,
    /** The next quote requests are answered with these, in order, instead of quotes. */
    refuseNext: (...next: DoorDashRefusal[]) => {
      refusals = next;
    },
    /** The next delivery requests are answered with these, in order, instead of deliveries. */
    refuseNextDeliveries: (...next: DoorDashRefusal[]) => {
      deliveryRefusals = next;
    },
    /** Deliveries made, by their external delivery id, as DoorDash holds them. */
    deliveries,
    /** The delivery moves on (a Dasher's app): its status and what it tells of the Dasher. */
    progress: (id: string, status: string, dasher: DasherProgress = {}) => {
      const found = deliveries.get(id);
      if (!found) throw new Error(`the fake has no delivery ${id}`);
      Object.assign(found, dasher, { delivery_status: status, updated_at: new Date(now()).toISOString() });
    },
    /** Posts a status webhook of the delivery, as DoorDash does: the event and the delivery's details as they stand. */
    webhook: async (url: string, authorization: string, eventName: string, id: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization },
        body: JSON.stringify({ event_name: eventName, created_at: new Date(now()).toISOString(), ...deliveries.get(id) }),
      }),
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
