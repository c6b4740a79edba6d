import type { DoorDashConnector } from '@delivery/accounts';
import type { OutboundClient } from '@delivery/outbound';
import { z } from 'zod';
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
const ACCEPT_REFUSALS: Record<number, string> = {
  ...REFUSALS,
  400: 'DoorDash no longer takes this quote: a quote must be accepted within five minutes of being given',
};

/** Drive API v2 (https://openapi.doordash.com/drive/v2) through the outbound policy, each call with a fresh JWT. */
export class DoorDashDriveClient {
  constructor(
    private readonly client: OutboundClient,
    private readonly now: () => number = Date.now,
  ) {}

  quote(settings: DoorDashConnector, input: DoorDashQuoteInput, signal?: AbortSignal): Promise<DriveAnswer> {
    return this.call(settings, '/drive/v2/quotes', input, signal);
  }

  /** Turns a quote (within its five minutes) into a delivery. */
  acceptQuote(settings: DoorDashConnector, externalDeliveryId: string): Promise<DriveAnswer> {
    return this.call(settings, `/drive/v2/quotes/${encodeURIComponent(externalDeliveryId)}/accept`, {}, undefined, ACCEPT_REFUSALS);
  }

  private async call(
    settings: DoorDashConnector,
    path: string,
    body: unknown,
    signal?: AbortSignal,
    refusals: Record<number, string> = REFUSALS,
  ): Promise<DriveAnswer> {
    const token = doordashJwt(settings, Math.floor(this.now() / 1000));
    const result = await this.client.request({
      url: `${settings.baseUrl.replace(/\/+$/, '')}${path}`,
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
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
