import type { UberDirectConnector } from '@delivery/accounts';
import { OAuthAccessTokens, TokenRequestFailed, type OutboundClient, type OutboundPolicy } from '@delivery/outbound';
import { z } from 'zod';
import { CallBudget, type BudgetStore } from '../call-budget';
import { callCourier, type CourierAnswer, type CourierRequest } from '../courier-call';
import { noteCredentials } from '../courier-credentials';
import { budgetKeyOf, courierIdentityOf, type CourierFleet } from '../courier-fleet';

/** A delivery as the Direct API answers it (`DeliveryResp`, and its courier as Uber's webhook reference shows it): what we read. */
export const uberDeliverySchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  external_id: z.string().optional(),
  courier: z
    .looseObject({
      name: z.string().optional(),
      phone_number: z.string().optional(),
      location: z.object({ lat: z.number(), lng: z.number() }).optional(),
      vehicle_make: z.string().optional(),
      vehicle_model: z.string().optional(),
      vehicle_type: z.string().optional(),
    })
    .nullish(),
  pickup_eta: z.string().optional(),
  dropoff_eta: z.string().optional(),
  /**
   * The drop-off as it went (`WaypointInfo` in uber/uber-direct-sdk's deliveries OpenAPI):
   * `verification` (`VerificationProof`) holds the proof collected, each as a link
   * (`signature.image_url` and the signer's `name`, `picture.image_url`), and
   * `courier_notes` where a picture was asked, the courier's notes (where the parcel was left).
   */
  dropoff: z
    .looseObject({
      courier_notes: z.string().nullish(),
      verification: z
        .looseObject({
          signature: z.looseObject({ image_url: z.string().nullish(), name: z.string().nullish() }).nullish(),
          picture: z.looseObject({ image_url: z.string().nullish() }).nullish(),
          /** `IdentificationProof`: "Flag if ID was successfully verified/scanned". */
          identification: z.looseObject({ min_age_verified: z.boolean().nullish() }).nullish(),
          /** `BarcodeProof`: each barcode's `value`, and its `scan_result.outcome` (SUCCESS, INVALID or SKIPPED). */
          barcodes: z
            .array(z.looseObject({ value: z.string().nullish(), scan_result: z.looseObject({ outcome: z.string().nullish() }).nullish() }))
            .nullish(),
        })
        .nullish(),
    })
    .nullish(),
  /**
   * `DeliveryResp`: "If a delivery was undeliverable, this field will contain the reason why"
   * (free text; its example `NO_SECURE_LOCATION_TO_DROPOFF`), and what the courier then did
   * (`returned`, `left_at_door`).
   */
  undeliverable_reason: z.string().nullish(),
  undeliverable_action: z.string().nullish(),
  /** In cents of `currency`. */
  fee: z.number().int().optional(),
  currency: z.string().optional(),
});
export type UberDelivery = z.infer<typeof uberDeliverySchema>;

/**
 * A page of List Deliveries: Uber's API reference answers `{ data, next_href, total_count }`;
 * a published copy of its contract answers the array alone. Both are read.
 */
const uberDeliveryListSchema = z.union([
  z.array(uberDeliverySchema),
  z.looseObject({ data: z.array(uberDeliverySchema).nullish(), next_href: z.string().nullish() }),
]);

/** Deliveries read a page at a time when looking for one we may have made; pages read at most. */
const FIND_PAGE = 50;
const FIND_PAGES = 4;

/** A quote (`DeliveryQuoteResp`): what we read. */
export const uberQuoteSchema = z.looseObject({
  id: z.string(),
  fee: z.number().int(),
  currency_type: z.string(),
  expires: z.string(),
  /** Minutes until a courier reaches the pick-up. */
  pickup_duration: z.number().optional(),
  dropoff_eta: z.string().optional(),
});
export type UberQuote = z.infer<typeof uberQuoteSchema>;

/** The fields of `DeliveryQuoteReq` we send; addresses are Uber's structured address, as a JSON string. */
export interface UberQuoteInput {
  pickup_address: string;
  dropoff_address: string;
  pickup_phone_number?: string;
  dropoff_phone_number?: string;
  /** In cents. */
  manifest_total_value?: number;
}

/** The fields of `DeliveryReq` we send. */
export interface UberDeliveryInput extends UberQuoteInput {
  pickup_name: string;
  pickup_phone_number: string;
  dropoff_name: string;
  dropoff_phone_number: string;
  manifest_items: { name: string; quantity: number; weight?: number }[];
  /** Ours: the task id, by which its webhooks name the task. */
  external_id: string;
  /**
   * `DeliveryReq.idempotency_key`: "used to avoid duplicate order creation with identical
   * idempotency keys for the same account", kept by Uber for 60 minutes by default.
   */
  idempotency_key?: string;
  /** RFC 3339: a reserved window's start; without it Uber sends a courier as soon as it can. */
  pickup_ready_dt?: string;
  /** What the courier must collect before the drop-off is done (`DropoffVerificationRequest` in Uber's deliveries OpenAPI). */
  dropoff_verification?: UberDropoffVerification;
}

/**
 * `DropoffVerificationRequest`: a signature (`signature_requirement`, with the signer's name),
 * a picture, an ID scan for a minimum age (`identification.min_age`), barcodes to scan
 * (`barcodes`, each a value and one of Uber's types).
 */
export interface UberDropoffVerification {
  signature_requirement?: { enabled: true; collect_signer_name: true };
  picture?: true;
  identification?: { min_age: number };
  barcodes?: { value: string; type: 'CODE128' }[];
}

const REFUSALS: Record<number, string> = {
  400: 'Uber refused the delivery as asked: an address it cannot serve, or a detail it needs',
  401: "Uber refused the fleet's credentials",
  403: "Uber refused the fleet's credentials",
  404: 'Uber knows no such delivery',
  409: 'Uber has this delivery already',
  422: 'Uber cannot take this delivery',
};
const CANCEL_REFUSALS: Record<number, string> = { ...REFUSALS, 400: 'Uber no longer lets this delivery be cancelled' };

/** Uber publishes no rate limit in the documents we build from: the same margin as DoorDash's. */
export const UBER_CALLS_PER_MINUTE = 250;

/**
 * Uber Direct's API (`/v1/customers/{customer_id}/…`) through the outbound policy, with a
 * bearer token from Uber's OAuth 2.0 token URL (client credentials in the form, scope
 * `eats.deliveries`, as Uber documents), fetched again once when Uber refuses it.
 */
/** An Uber Direct fleet: its app's credentials, and whose budget its calls spend. */
export type UberDirectFleet = CourierFleet<UberDirectConnector>;

export class UberDirectClient {
  private readonly budget: CallBudget;
  // Tokens live on real time: Uber's expiry is its own clock's.
  private readonly tokens: OAuthAccessTokens;

  constructor(
    private readonly client: OutboundClient,
    policy: OutboundPolicy,
    private readonly budgets: BudgetStore,
  ) {
    this.budget = new CallBudget(budgets, 'uber-direct', UBER_CALLS_PER_MINUTE, 60_000, Date.now);
    this.tokens = new OAuthAccessTokens({ policy, timeoutMs: 5_000, now: Date.now, whose: "Uber's" });
  }

  close(): void {
    this.tokens.close();
  }

  quote(fleet: UberDirectFleet, input: UberQuoteInput, signal?: AbortSignal): Promise<CourierAnswer<UberQuote>> {
    return this.call(fleet, uberQuoteSchema, 'a quote', { method: 'POST', path: 'delivery_quotes', body: input, signal });
  }

  createDelivery(fleet: UberDirectFleet, input: UberDeliveryInput): Promise<CourierAnswer<UberDelivery>> {
    return this.call(fleet, uberDeliverySchema, 'a delivery', { method: 'POST', path: 'deliveries', body: input });
  }

  /**
   * The ongoing delivery made for our task (`external_id`), or null: Uber takes no idempotency
   * key, so a dispatch tried again after an answer that never came looks for the delivery it
   * may have made before making one.
   */
  async findDelivery(fleet: UberDirectFleet, externalId: string): Promise<CourierAnswer<UberDelivery | null>> {
    for (let page = 0; page < FIND_PAGES; page += 1) {
      const query = new URLSearchParams({ filter: 'ongoing', limit: String(FIND_PAGE), offset: String(page * FIND_PAGE) });
      const answer = await this.call(fleet, uberDeliveryListSchema, 'deliveries', { method: 'GET', path: `deliveries?${query}` });
      if (!answer.ok) return answer;
      const deliveries = Array.isArray(answer.value) ? answer.value : (answer.value.data ?? []);
      const found = deliveries.find((delivery) => delivery.external_id === externalId);
      if (found) return { ok: true, value: found };
      const more = Array.isArray(answer.value) ? deliveries.length === FIND_PAGE : Boolean(answer.value.next_href);
      if (!more) break;
    }
    return { ok: true, value: null };
  }

  getDelivery(fleet: UberDirectFleet, deliveryId: string): Promise<CourierAnswer<UberDelivery>> {
    return this.call(fleet, uberDeliverySchema, 'a delivery', { method: 'GET', path: `deliveries/${encodeURIComponent(deliveryId)}` });
  }

  cancelDelivery(fleet: UberDirectFleet, deliveryId: string): Promise<CourierAnswer<UberDelivery>> {
    const path = `deliveries/${encodeURIComponent(deliveryId)}/cancel`;
    return this.call(fleet, uberDeliverySchema, 'a delivery', { method: 'POST', path, body: {} }, CANCEL_REFUSALS);
  }

  private async call<S extends z.ZodType>(
    fleet: UberDirectFleet,
    schema: S,
    what: string,
    request: { method: CourierRequest['method']; path: string; body?: unknown; signal?: AbortSignal },
    refusals = REFUSALS,
  ): Promise<CourierAnswer<z.infer<S>>> {
    const settings = fleet.connector;
    const holder = courierIdentityOf(settings)!;
    const credentials = {
      tokenUrl: settings.tokenUrl,
      clientId: settings.clientId,
      clientSecret: settings.clientSecret,
      scope: 'eats.deliveries',
      user: null,
      clientAuthentication: 'post' as const,
    };
    const attempt = async () => {
      const token = await this.tokens.bearer(holder, credentials);
      const answer = await callCourier(
        { client: this.client, budget: this.budget },
        { network: 'Uber', key: budgetKeyOf(fleet, holder), refusals, schema, what },
        {
          url: `${settings.baseUrl.replace(/\/+$/, '')}/v1/customers/${encodeURIComponent(settings.customerId)}/${request.path}`,
          method: request.method,
          headers: { authorization: `Bearer ${token}` },
          body: request.body,
          timeoutMs: settings.timeoutMs,
          signal: request.signal,
        },
      );
      return { token, answer };
    };
    const answered = async (): Promise<CourierAnswer<z.infer<S>>> => {
      try {
        const first = await attempt();
        if (first.answer.ok || first.answer.failure.status !== '401') return first.answer;
        // A token Uber no longer takes (revoked, rotated credentials): one more, fresh.
        await this.tokens.forget(holder, first.token);
        return (await attempt()).answer;
      } catch (error) {
        // A token URL refusing our credentials is as final as Uber's API refusing them; any other failure is tried again.
        if (error instanceof TokenRequestFailed) {
          return {
            ok: false,
            failure: { message: error.message, status: error.refusedStatus === null ? null : String(error.refusedStatus) },
          };
        }
        throw error;
      }
    };
    return noteCredentials(this.budgets, fleet, await answered());
  }
}
