import type { DoorDashConnector } from '@delivery/accounts';
import type { OutboundClient } from '@delivery/outbound';
import { z } from 'zod';
import { CallBudget } from '../call-budget';
import { doordashJwt } from './doordash-jwt';

/** Far more than a delivery DoorDash answers; past it the answer is not read. */
const MAX_ANSWER_BYTES = 256 * 1024;

/** A delivery (or a quote) as Drive API v2 answers it (`DeliveryResponse` in DoorDash's published contract): what we read of it. */
export const doordashDeliverySchema = z.looseObject({
  external_delivery_id: z.string(),
  delivery_status: z.string(),
  /** In cents of `currency`. */
  fee: z.number().int(),
  currency: z.string(),
  pickup_time_estimated: z.string().optional(),
  dropoff_time_estimated: z.string().optional(),
  tracking_url: z.string().optional(),
  // What a delivery tells of its Dasher once one is assigned; absent before (DoorDash omits empty fields).
  dasher_name: z.string().optional(),
  dasher_phone_number: z.string().optional(),
  dasher_location: z.object({ lat: z.number(), lng: z.number() }).optional(),
});
export type DoorDashDelivery = z.infer<typeof doordashDeliverySchema>;

/** The fields of `DeliveryQuoteInput` we send; DoorDash requires the id, the drop-off address and its phone number. */
export interface DoorDashQuoteInput {
  external_delivery_id: string;
  pickup_address?: string;
  pickup_business_name?: string;
  pickup_phone_number?: string;
  dropoff_address: string;
  dropoff_phone_number: string;
  dropoff_contact_given_name?: string;
  /** In cents. */
  order_value?: number;
}

/** The fields of `DeliveryRequest` we send: a quote's, and when the pick-up is wanted. */
export interface DoorDashDeliveryInput extends DoorDashQuoteInput {
  /** A reserved window's start, ISO 8601; without it DoorDash sends a Dasher as soon as it can. */
  pickup_time?: string;
}

/** Why a call did not give a delivery, in our words: DoorDash's answer body is never repeated to a caller. */
export interface DriveFailure {
  message: string;
  /** The HTTP status, or `timeout`; null when no answer came. */
  status: string | null;
  /** Seconds DoorDash asked us to wait (429 `Retry-After`). */
  retryAfterSeconds?: number;
}
export type DriveAnswer = { ok: true; delivery: DoorDashDelivery } | { ok: false; failure: DriveFailure };

const REFUSALS: Record<number, string> = {
  400: 'DoorDash refused the delivery as asked: an address it cannot serve, or a detail it needs',
  401: "DoorDash refused the fleet's access key",
  403: "DoorDash refused the fleet's access key",
  404: 'DoorDash knows no such delivery or quote',
  409: 'DoorDash has a delivery with this id already',
  422: 'DoorDash cannot take this delivery',
  429: 'DoorDash asked us to slow down',
};
const CANCEL_REFUSALS: Record<number, string> = {
  ...REFUSALS,
  400: 'DoorDash no longer lets this delivery be cancelled: a Dasher has it',
};

const deliveryPath = (externalDeliveryId: string) => `/drive/v2/deliveries/${encodeURIComponent(externalDeliveryId)}`;

/**
 * DoorDash's FAQ gives each access key about 300 calls in any 60 seconds, sandbox and
 * production alike; we keep under it, per process (docs/decisions.md).
 */
export const DOORDASH_CALLS_PER_MINUTE = 250;

/** Drive API v2 (https://openapi.doordash.com/drive/v2) through the outbound policy, each call with a fresh JWT, within the key's budget. */
export class DoorDashDriveClient {
  private readonly budget: CallBudget;

  constructor(
    private readonly client: OutboundClient,
    private readonly now: () => number = Date.now,
  ) {
    this.budget = new CallBudget(DOORDASH_CALLS_PER_MINUTE, 60_000, now);
  }

  quote(settings: DoorDashConnector, input: DoorDashQuoteInput, signal?: AbortSignal): Promise<DriveAnswer> {
    return this.call(settings, 'POST', '/drive/v2/quotes', input, signal);
  }

  /** A delivery under our id: DoorDash sends a Dasher for it. */
  createDelivery(settings: DoorDashConnector, input: DoorDashDeliveryInput): Promise<DriveAnswer> {
    return this.call(settings, 'POST', '/drive/v2/deliveries', input);
  }

  getDelivery(settings: DoorDashConnector, externalDeliveryId: string): Promise<DriveAnswer> {
    return this.call(settings, 'GET', deliveryPath(externalDeliveryId));
  }

  cancelDelivery(settings: DoorDashConnector, externalDeliveryId: string): Promise<DriveAnswer> {
    return this.call(settings, 'PUT', `${deliveryPath(externalDeliveryId)}/cancel`, {}, undefined, CANCEL_REFUSALS);
  }

  private async call(
    settings: DoorDashConnector,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    signal?: AbortSignal,
    refusals: Record<number, string> = REFUSALS,
  ): Promise<DriveAnswer> {
    const key = `${settings.developerId}/${settings.keyId}`;
    const allowed = this.budget.take(key);
    if (!allowed.ok) {
      const failure = { message: REFUSALS[429]!, status: '429', retryAfterSeconds: allowed.retryAfterSeconds };
      return { ok: false, failure };
    }
    const token = doordashJwt(settings, Math.floor(this.now() / 1000));
    const result = await this.client.request({
      url: `${settings.baseUrl.replace(/\/+$/, '')}${path}`,
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/json',
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: MAX_ANSWER_BYTES,
      signal,
    });
    if (result.kind === 'timeout' || result.kind === 'aborted') {
      return { ok: false, failure: { message: `DoorDash did not answer within ${settings.timeoutMs} ms`, status: 'timeout' } };
    }
    if (result.kind !== 'response')
      return { ok: false, failure: { message: `DoorDash could not be reached: ${result.error}`, status: null } };
    const status = String(result.status);
    if (result.status < 200 || result.status > 299) {
      const retryAfter = Number([result.headers['retry-after']].flat()[0]);
      if (result.status === 429 && Number.isFinite(retryAfter)) this.budget.holdFor(key, retryAfter);
      return {
        ok: false,
        failure: {
          message: refusals[result.status] ?? `DoorDash failed (HTTP ${result.status})`,
          status,
          ...(result.status === 429 && Number.isFinite(retryAfter) && { retryAfterSeconds: retryAfter }),
        },
      };
    }
    let json: unknown;
    try {
      json = JSON.parse(result.body.toString('utf8'));
    } catch {
      return { ok: false, failure: { message: 'DoorDash answered something that is not JSON', status } };
    }
    const parsed = doordashDeliverySchema.safeParse(json);
    if (!parsed.success) {
      const fields = parsed.error.issues.slice(0, 5).map((issue) => issue.path.join('.'));
      return { ok: false, failure: { message: `DoorDash answered a delivery without ${fields.join(', ')}`, status } };
    }
    return { ok: true, delivery: parsed.data };
  }
}
