import type { DoorDashConnector } from '@delivery/accounts';
import type { OutboundClient } from '@delivery/outbound';
import { z } from 'zod';
import { CallBudget, type BudgetStore } from '../call-budget';
import { callCourier, type CourierAnswer } from '../courier-call';
import { noteCredentials } from '../courier-credentials';
import { budgetKeyOf, courierIdentityOf, type CourierFleet } from '../courier-fleet';
import { doordashJwt } from './doordash-jwt';

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
  // `DasherDetails` in DoorDash's own client (@doordash/sdk 0.6.13, generated from its Drive OpenAPI).
  dasher_name: z.string().optional(),
  /** "Phone number for the Dasher; can only be called from dropoff_phone_number": the one the recipient calls. */
  dasher_dropoff_phone_number: z.string().optional(),
  /** The same Dasher's number as the pick-up calls it. */
  dasher_pickup_phone_number: z.string().optional(),
  dasher_vehicle_make: z.string().optional(),
  dasher_vehicle_model: z.string().optional(),
  dasher_vehicle_year: z.string().optional(),
  dasher_location: z.object({ lat: z.number(), lng: z.number() }).optional(),
  // The Dasher's proof at the drop-off (DeliveryResponse in DoorDash's own client, @doordash/sdk).
  dropoff_verification_image_url: z.string().optional(),
  dropoff_signature_image_url: z.string().optional(),
  /** `cancellation_reason` (DeliveryResponse in @doordash/sdk): why DoorDash ended it, one of its enum's six. */
  cancellation_reason: z.string().optional(),
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
  /** "Given/first name of the contact" and "Family/last name of the contact" (@doordash/sdk's `CreateDeliveryInput`). */
  dropoff_contact_given_name?: string;
  dropoff_contact_family_name?: string;
  /** In cents. */
  order_value?: number;
}

/** The fields of `DeliveryRequest` we send: a quote's, when the pick-up is wanted, and what the Dasher must collect. */
export interface DoorDashDeliveryInput extends DoorDashQuoteInput {
  /** A reserved window's start, ISO 8601; without it DoorDash sends a Dasher as soon as it can. */
  pickup_time?: string;
  dropoff_options?: DoorDashDropoffOptions;
  dropoff_pin_code_verification_metadata?: { pin_code_type: 'merchant_provided_number'; pin_code_value: string };
}

/** `DropoffOptions` in @doordash/sdk 0.6.13's generated client (its Drive OpenAPI): each "required" or "none". */
export interface DoorDashDropoffOptions {
  signature?: 'required';
  id_verification?: 'required';
  proof_of_delivery?: 'photo_required' | 'pin_code';
}

export type DriveAnswer = CourierAnswer<DoorDashDelivery>;

const REFUSALS: Record<number, string> = {
  400: 'DoorDash refused the delivery as asked: an address it cannot serve, or a detail it needs',
  401: "DoorDash refused the fleet's access key",
  403: "DoorDash refused the fleet's access key",
  404: 'DoorDash knows no such delivery or quote',
  409: 'DoorDash has a delivery with this id already',
  422: 'DoorDash cannot take this delivery',
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

/** A DoorDash Drive fleet: its access key, and whose budget its calls spend. */
export type DoorDashFleet = CourierFleet<DoorDashConnector>;

/** Drive API v2 (https://openapi.doordash.com/drive/v2) through the outbound policy, each call with a fresh JWT, within the key's budget. */
export class DoorDashDriveClient {
  private readonly budget: CallBudget;

  constructor(
    private readonly client: OutboundClient,
    private readonly budgets: BudgetStore,
    private readonly now: () => number = Date.now,
  ) {
    this.budget = new CallBudget(budgets, 'doordash', DOORDASH_CALLS_PER_MINUTE, 60_000, now);
  }

  quote(fleet: DoorDashFleet, input: DoorDashQuoteInput, signal?: AbortSignal): Promise<DriveAnswer> {
    return this.call(fleet, 'POST', '/drive/v2/quotes', input, signal);
  }

  /** A delivery under our id: DoorDash sends a Dasher for it. */
  createDelivery(fleet: DoorDashFleet, input: DoorDashDeliveryInput): Promise<DriveAnswer> {
    return this.call(fleet, 'POST', '/drive/v2/deliveries', input);
  }

  getDelivery(fleet: DoorDashFleet, externalDeliveryId: string): Promise<DriveAnswer> {
    return this.call(fleet, 'GET', deliveryPath(externalDeliveryId));
  }

  cancelDelivery(fleet: DoorDashFleet, externalDeliveryId: string): Promise<DriveAnswer> {
    return this.call(fleet, 'PUT', `${deliveryPath(externalDeliveryId)}/cancel`, {}, undefined, CANCEL_REFUSALS);
  }

  private async call(
    fleet: DoorDashFleet,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    signal?: AbortSignal,
    refusals: Record<number, string> = REFUSALS,
  ): Promise<DriveAnswer> {
    const settings = fleet.connector;
    const token = doordashJwt(settings, Math.floor(this.now() / 1000));
    const answer = await callCourier(
      { client: this.client, budget: this.budget },
      {
        network: 'DoorDash',
        key: budgetKeyOf(fleet, courierIdentityOf(settings)!),
        refusals,
        schema: doordashDeliverySchema,
        what: 'a delivery',
      },
      {
        url: `${settings.baseUrl.replace(/\/+$/, '')}${path}`,
        method,
        headers: { authorization: `Bearer ${token}` },
        body,
        timeoutMs: settings.timeoutMs,
        signal,
      },
    );
    return noteCredentials(this.budgets, fleet, answer);
  }
}
