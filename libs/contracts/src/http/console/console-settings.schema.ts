import { z } from 'zod';
import { DISPATCH_STRATEGIES } from '../../events/dispatch-decision.schema';
import { localDateSchema, MAX_WINDOWS_OFFERED, timeZoneSchema, workingHoursSchema } from '../working-hours.schema';
import { fleetAreasSchema } from '../area-geometry.schema';
import { DELIVERY_REQUIREMENTS, requirementsRequestSchema, requirementsViewSchema } from '../../requirements/delivery-requirements';

/** The console API: the account's carriers (service plans) and fleets. */

const carrierCode = z.string().trim().min(1).max(50);

const fleetIds = z.array(z.number().int().min(1)).max(100);

/** How Same-Day dispatch picks among the plan's fleets; its ranking is also the fallback chain (docs/decisions.md). */
export const dispatchPolicySchema = z.object({
  strategy: z.enum(DISPATCH_STRATEGIES),
  /** The order for `preferred`, and the tie-break of the others; fleets not named come after, by id. */
  preferred_fleet_ids: fleetIds.default([]),
  /** In minor units of the plan's currency; null, any fee. */
  max_fee: z.number().int().min(0).max(100_000_000).nullable().default(null),
  /** Null allows every fleet serving the plan. */
  allowed_fleet_ids: fleetIds.nullable().default(null),
});

/** Spec 1.7: a carrier and service level of the account, and how Create Order prices it. */
export const consoleServicePlanSchema = z.object({
  carrier_code: z.string(),
  service_level: z.string(),
  carrier_name: z.string(),
  currency: z.string(),
  base_charge: z.number(),
  per_kg_charge: z.number(),
  dispatch_policy: dispatchPolicySchema.nullable(),
  /** What every delivery of the plan requires at its drop-off; null, only what its ship request asks. */
  requirements: requirementsViewSchema.nullable(),
});
export const consoleServicePlanListSchema = z.object({ service_plans: z.array(consoleServicePlanSchema) });

export const consolePutServicePlanRequestSchema = z.object({
  carrier_name: z.string().trim().min(1).max(100).optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'currency must be a three-letter code')
    .default('USD'),
  base_charge: z.number().min(0).max(1_000_000).default(0),
  per_kg_charge: z.number().min(0).max(1_000_000).default(0),
  /** Left out, a replaced plan keeps its policy; null dispatches to the fleets in id order. */
  dispatch_policy: dispatchPolicySchema.nullable().optional(),
  /** Left out, a replaced plan keeps its requirements. */
  requirements: requirementsRequestSchema.nullable().optional(),
});

const whole = (min: number, max: number) => z.number().int().min(min).max(max);

/** A fleet's connector as the console sends it: a rate card (defaults for what is left out), an HTTP fleet, DoorDash Drive or Uber Direct. */
/** A rate card as the console sends it: its omitted settings take the defaults. */
export const consoleRateCardRequestSchema = z.object({
  kind: z.literal('rate-card'),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'currency must be a three-letter code')
    .default('USD'),
  base_fee: whole(0, 10_000_000).optional(),
  per_kg_fee: whole(0, 10_000_000).optional(),
  per_package_fee: whole(0, 10_000_000).optional(),
  declared_value_bp: whole(0, 10_000).optional(),
  /** The zone of the working hours, cutoffs and blackout dates (IANA, e.g. Europe/Paris); UTC unless given. */
  time_zone: timeZoneSchema.optional(),
  working_hours: workingHoursSchema.optional(),
  lead_time_minutes: whole(0, 7 * 24 * 60).optional(),
  day_cutoff: z
    .object({ days_before: whole(0, 30), at_hour: whole(0, 23) })
    .nullable()
    .optional(),
  blackout_dates: z.array(localDateSchema).max(366).optional(),
  window_minutes: whole(15, 24 * 60).optional(),
  transit_minutes: whole(0, 7 * 24 * 60).optional(),
  capacity_per_window: whole(1, 100_000).optional(),
  windows_offered: whole(1, MAX_WINDOWS_OFFERED).optional(),
  max_weight_kg: z.number().positive().max(100_000).nullable().optional(),
  max_length_cm: z.number().positive().max(10_000).nullable().optional(),
  quote_ttl_minutes: whole(1, 7 * 24 * 60).optional(),
});

export const consoleFleetConnectorRequestSchema = z.discriminatedUnion('kind', [
  consoleRateCardRequestSchema,
  z.object({
    kind: z.literal('http'),
    url: z
      .string()
      .regex(/^https?:\/\//, 'url must be an http(s) address')
      .max(2000),
    timeout_ms: whole(50, 60_000).default(1_000),
    dispatch_url: z.string().max(2000).optional(),
  }),
  z.object({
    kind: z.literal('doordash'),
    /** DoorDash Drive's API unless given: another address is for its tests or a proxy. */
    base_url: z
      .string()
      .regex(/^https?:\/\//, 'base_url must be an http(s) address')
      .max(2000)
      .optional(),
    developer_id: z.string().trim().min(1).max(200),
    key_id: z.string().trim().min(1).max(200),
    signing_secret: z.string().trim().min(1).max(500),
    timeout_ms: whole(50, 60_000).optional(),
  }),
  z.object({
    kind: z.literal('uber-direct'),
    /** Uber's API and token URL unless given: others are for tests or a proxy. */
    base_url: z
      .string()
      .regex(/^https?:\/\//, 'base_url must be an http(s) address')
      .max(2000)
      .optional(),
    token_url: z
      .string()
      .regex(/^https?:\/\//, 'token_url must be an http(s) address')
      .max(2000)
      .optional(),
    customer_id: z.string().trim().min(1).max(200),
    client_id: z.string().trim().min(1).max(200),
    client_secret: z.string().trim().min(1).max(500),
    /** From Uber's dashboard once the fleet's webhook URL is set there; until then webhooks are refused. */
    webhook_signing_key: z.string().trim().min(1).max(500).optional(),
    timeout_ms: whole(50, 60_000).optional(),
  }),
  z.object({
    kind: z.literal('onfleet'),
    /** Onfleet's API unless given: another address is for its tests or a proxy. */
    base_url: z
      .string()
      .regex(/^https?:\/\//, 'base_url must be an http(s) address')
      .max(2000)
      .optional(),
    api_key: z.string().trim().min(1).max(500),
    /** The organisation's webhook secret (hex) from Onfleet's dashboard; until given, webhooks are refused. */
    webhook_secret: z
      .string()
      .trim()
      .regex(/^[0-9a-fA-F]+$/, 'webhook_secret must be the hexadecimal secret Onfleet shows')
      .max(500)
      .optional(),
    timeout_ms: whole(50, 60_000).optional(),
    /** The rate card the retailer's drivers are priced by here. */
    rate_card: consoleRateCardRequestSchema.omit({ kind: true }).partial({ currency: true }).optional(),
  }),
]);

/**
 * Where a fleet delivers: postal codes per country, whole or by prefix, and areas drawn on
 * the map (GeoJSON Polygons or MultiPolygons), used when a drop-off has coordinates; null
 * delivers anywhere.
 */
export const serviceAreaSchema = z
  .object({
    postal_codes: z
      .array(
        z.object({
          country: z.string().trim().min(1).max(100),
          codes: z.array(z.string().trim().min(1).max(40)).max(10_000).default([]),
          prefixes: z.array(z.string().trim().min(1).max(40)).max(1_000).default([]),
        }),
      )
      .max(300)
      .default([]),
    areas: fleetAreasSchema.default([]),
  })
  .refine((area) => area.postal_codes.length > 0 || area.areas.length > 0, {
    message: 'service_area needs postal_codes or areas',
    path: ['postal_codes'],
  });

export const consoleAddFleetRequestSchema = z.object({
  name: z.string().trim().min(1).max(100),
  fleet_type: whole(0, 2).default(0),
  carrier_codes: z.array(carrierCode).min(1, 'carrier_codes must name at least one carrier code').max(50),
  service_levels: z.array(carrierCode).max(50).default([]),
  /** Left out when a fleet is changed, the area it had stays. */
  service_area: serviceAreaSchema.nullable().optional(),
  /** The proof its drivers collect; null, all its connector carries; left out when changed, what it had. */
  capabilities: z.array(z.enum(DELIVERY_REQUIREMENTS)).max(DELIVERY_REQUIREMENTS.length).nullable().optional(),
  external_team_id: z.string().trim().min(1).max(100).optional(),
  connector: consoleFleetConnectorRequestSchema,
});

export const consoleFleetSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  fleet_type: z.number().int(),
  external_team_id: z.string(),
  carrier_codes: z.array(z.string()),
  service_levels: z.array(z.string()),
  service_area: serviceAreaSchema.nullable(),
  /** The proof its drivers collect: what it declared, within what its connector carries. */
  capabilities: z.array(z.enum(DELIVERY_REQUIREMENTS)),
  /** The connector's settings; an HTTP fleet's dispatch signing secret only by its id. */
  connector: z.record(z.string(), z.unknown()),
  /** A courier network refusing the fleet's credentials since its last good answer: since when, and why. */
  credentials_refused: z.object({ since: z.string(), reason: z.string() }).nullable(),
});
export const consoleFleetListSchema = z.object({ fleets: z.array(consoleFleetSchema) });
export const consoleAddedFleetSchema = z.object({
  fleet: consoleFleetSchema,
  /** A new dispatch signing secret of an HTTP fleet, answered this once; null when none was made. */
  signing_secret: z.string().nullable(),
  /**
   * A new courier fleet's webhook path (under the gateway's address), and for DoorDash the
   * Authorization its webhooks carry, answered this once.
   */
  courier_webhook: z.object({ path: z.string(), authorization: z.string().nullable() }).nullable(),
});

export type ConsoleServicePlanView = z.infer<typeof consoleServicePlanSchema>;
export type ConsoleFleetView = z.infer<typeof consoleFleetSchema>;
export type ConsoleAddedFleetView = z.infer<typeof consoleAddedFleetSchema>;
