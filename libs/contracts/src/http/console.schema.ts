import { z } from 'zod';
import { DISPATCH_STRATEGIES } from '../events/dispatch-decision.schema';
import { LATENESS_KINDS } from '../events/lateness.schema';
import { localDateSchema, MAX_WINDOWS_OFFERED, timeZoneSchema, workingHoursSchema } from './working-hours.schema';
import { TASK_STATUSES } from '../events/task-snapshot.schema';
import { completedShipmentSchema } from './ship-response.schema';
import { areaGeometrySchema } from './area-geometry.schema';
import { DELIVERY_REQUIREMENTS, requirementsRequestSchema, requirementsViewSchema } from '../requirements/delivery-requirements';

/** The account settings console's API (`/console/api`, issue 16): what the web page and scripts send and read. */

export const consoleLoginRequestSchema = z.object({
  email: z.string().min(1).max(320),
  password: z.string().min(1).max(1024),
});

export const consoleUserSchema = z.object({
  id: z.string(),
  account_id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['owner', 'admin', 'viewer']),
});

/** Who is signed in, and the token every state change must carry in `X-CSRF-Token`. */
export const consoleSessionSchema = z.object({
  user: consoleUserSchema,
  csrf_token: z.string(),
});

export const consoleClientAppSchema = z.object({
  client_id: z.string(),
  name: z.string(),
  created_at: z.string(),
  secret_rotated_at: z.string(),
  /** Set for a fleet's own app, which calls only the fleet API. */
  fleet_id: z.number().int().nullable(),
  /** `sandbox`: made and used by the sandbox fleet of this process; neither deleted nor given a new secret here. */
  managed_by: z.enum(['sandbox']).nullable(),
});

export const consoleClientAppListSchema = z.object({ apps: z.array(consoleClientAppSchema) });

export const consoleAddAppRequestSchema = z.object({
  name: z.string().trim().min(1, 'name is required').max(100, 'name must be at most 100 characters'),
});

/** An app with its client secret: answered once, when the secret is made. */
export const consoleIssuedCredentialsSchema = z.object({
  app: consoleClientAppSchema,
  client_secret: z.string(),
});

export type ConsoleUserView = z.infer<typeof consoleUserSchema>;
export type ConsoleClientAppView = z.infer<typeof consoleClientAppSchema>;

/** How our webhooks authenticate to the receiver (spec 1.7); values are write-only. */
export const consoleWebhookCredentialsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('basic'), username: z.string().min(1).max(200), password: z.string().max(1000) }),
  z.object({ kind: z.literal('bearer'), token: z.string().min(1).max(4000) }),
  z.object({ kind: z.literal('headers'), headers: z.record(z.string(), z.string().min(1).max(4000)) }),
  z.object({
    kind: z.literal('oauth2'),
    /** The receiver's token endpoint: client credentials, or the password grant with `username` and `password`. */
    token_url: z.string().min(1).max(2000),
    client_id: z.string().min(1).max(500),
    client_secret: z.string().max(4000),
    scope: z.string().max(1000).optional(),
    username: z.string().min(1).max(200).optional(),
    password: z.string().max(1000).optional(),
  }),
]);

export const consoleAddWebhookRequestSchema = z.object({
  url: z.string().min(1, 'url is required').max(2000),
  /** None or empty: every event type. */
  event_types: z.array(z.string()).max(50).optional(),
  credentials: consoleWebhookCredentialsSchema.optional(),
});

/** A change of an endpoint: what is left out stays; its signing secrets change only by rotation. */
export const consoleChangeWebhookRequestSchema = consoleAddWebhookRequestSchema.partial().extend({
  /** False stops sending: due webhooks fail as sent to a disabled endpoint. True sends again. */
  enabled: z.boolean().optional(),
});

export const consoleRotateWebhookSecretRequestSchema = z.object({
  /** How long the current secrets keep signing next to the new one; 24 unless given. */
  overlap_hours: z
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .optional(),
});

/** An endpoint as the console shows it: its secrets only by id, its credentials only by kind. */
export const consoleWebhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  event_types: z.array(z.string()),
  credentials: z.enum(['none', 'basic', 'bearer', 'headers', 'oauth2']),
  secrets: z.array(z.object({ id: z.string(), created_at: z.string(), expires_at: z.string().nullable() })),
  created_at: z.string(),
  disabled_at: z.string().nullable(),
  disabled_reason: z.string().nullable(),
});

export const consoleWebhookEndpointListSchema = z.object({ endpoints: z.array(consoleWebhookEndpointSchema) });
export const consoleWebhookEndpointAnswerSchema = z.object({ endpoint: consoleWebhookEndpointSchema });

/** An endpoint with a signing secret: answered once, when the secret is made. */
export const consoleIssuedSigningSecretSchema = z.object({
  endpoint: consoleWebhookEndpointSchema,
  signing_secret: z.string(),
});

export type ConsoleWebhookEndpointView = z.infer<typeof consoleWebhookEndpointSchema>;
export type ConsoleSessionView = z.infer<typeof consoleSessionSchema>;

/** The console's list of deliveries: by any id in `q`, or filtered, newest first, a page at a time. */
export const consoleDeliveryListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(TASK_STATUSES).optional(),
  fleet_id: z.coerce.number().int().min(1).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  /** `true`: only deliveries told late at least once. */
  late: z.enum(['true', 'false']).optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export const consoleDeliverySummarySchema = z.object({
  task_id: z.string(),
  shipment_id: z.string(),
  order_id: z.string(),
  fulfillment_id: z.string(),
  status: z.enum(TASK_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
  fleet: z.string().nullable(),
  driver: z.string().nullable(),
  recipient: z.string().nullable(),
  /** The latenesses told so far (unassigned, pickup_late, dropoff_late, stalled); empty when on time. */
  late: z.array(z.enum(LATENESS_KINDS)),
});

export const consoleDeliveryListSchema = z.object({
  deliveries: z.array(consoleDeliverySummarySchema),
  /** Pass as `cursor` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});

/** One delivery: as Get Order shows it, with every step of its life and its label. */
export const consoleDeliveryDetailSchema = z.object({
  delivery: completedShipmentSchema,
  timeline: z.array(z.object({ event: z.string(), at: z.string() })),
  /** The ZPL II shipping label, when the task has one. */
  label: z.string().nullable(),
  /** The same label drawn, one SVG image per package, as the printer will print it. */
  label_svg: z.array(z.string()),
});

export type ConsoleDeliverySummaryView = z.infer<typeof consoleDeliverySummarySchema>;
export type ConsoleDeliveryDetailView = z.infer<typeof consoleDeliveryDetailSchema>;

const carrierCode = z.string().trim().min(1).max(50);

/** Spec 1.7: a carrier and service level of the account, and how Create Order prices it. */
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
    areas: z.array(areaGeometrySchema).max(100).default([]),
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

export const consoleUserListSchema = z.object({ users: z.array(consoleUserSchema.extend({ created_at: z.string() })) });

export const consoleAddUserRequestSchema = z.object({
  email: z.string().min(1).max(254),
  name: z.string().trim().min(1).max(100),
  role: z.enum(['owner', 'admin', 'viewer']),
});

/** A user with a new password to hand over (added, or theirs reset): answered this once. */
export const consoleAddedUserSchema = z.object({ user: consoleUserSchema, password: z.string() });

/** The signed-in user's own change; the answer is a new session, as every other session of theirs ends. */
export const consoleChangePasswordRequestSchema = z.object({
  current_password: z.string().min(1, 'current_password is required').max(1024),
  new_password: z.string().min(1, 'new_password is required').max(1024),
});

export const consoleSetRoleRequestSchema = z.object({ role: z.enum(['owner', 'admin', 'viewer']) });

/** Each app's use of the API over the last 24 hours, next to the limits it runs under. */
export const consoleApiUsageSchema = z.object({
  limits: z.object({ per_app_per_minute: z.number().int(), per_account_per_minute: z.number().int() }),
  apps: z.array(
    z.object({
      client_id: z.string(),
      name: z.string(),
      requests: z.number().int(),
      errors: z.number().int(),
      rate_limited: z.number().int(),
    }),
  ),
});
