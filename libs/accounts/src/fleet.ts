import { DELIVERY_REQUIREMENTS, RATE_CARD_DEFAULTS, type DeliveryRequirement, type Weekday } from '@delivery/contracts';

export { DOORDASH_DEFAULTS, ONFLEET_DEFAULTS, UBER_DIRECT_DEFAULTS } from '@delivery/contracts';
import type { ServiceArea } from './service-area';

/**
 * A fleet of an account: who drives its deliveries, and how we ask it for quotes.
 * `fleetType` 0 is the account's own (internal) fleet, 1 a third-party fleet, 2 a sandbox.
 */
export const FLEET_TYPE = { internal: 0, thirdParty: 1, sandbox: 2 } as const;

/** Opening hours of a day, in whole hours of the fleet's local time (24 is midnight at the end). */
export interface DayHours {
  startHour: number;
  endHour: number;
}

/** Every day's hours, unless a weekday says otherwise; a weekday set to null is closed. */
export interface WorkingHours extends DayHours {
  weekdays?: Partial<Record<Weekday, DayHours | null>>;
}

/**
 * A fleet priced by its rate card, computed here. Money is in minor currency units.
 * Windows fall in working hours, in the fleet's time zone, and hold at most
 * `capacityPerWindow` reservations. Settings added later are optional: a fleet saved
 * before them reads as the defaults (UTC, no day cutoff, no blackout, no limits).
 */
export interface RateCardConnector {
  kind: 'rate-card';
  currency: string;
  baseFee: number;
  perKgFee: number;
  perPackageFee: number;
  /** Fee per 10,000 of the declared value (monetaryValue), e.g. 50 = 0.5 %. */
  declaredValueBasisPoints: number;
  /** Multiplier per service level; a level not listed costs 1x. */
  serviceLevelMultipliers: Record<string, number>;
  /** The priority quote (earlier, narrower drop-off) costs this multiple of the standard one. */
  priorityMultiplier: number;
  /** IANA zone of the working hours, cutoffs and blackout dates; UTC when absent. */
  timeZone?: string;
  workingHours: WorkingHours;
  /** The per-window cutoff: a window is offered until this many minutes before it starts. */
  leadTimeMinutes: number;
  /** A cutoff by the clock besides: a window is offered until `atHour` local time, `daysBefore` days before its date. */
  dayCutoff?: { daysBefore: number; atHour: number } | null;
  /** Local dates (`YYYY-MM-DD`) the fleet does not work. */
  blackoutDates?: string[];
  windowMinutes: number;
  transitMinutes: number;
  capacityPerWindow: number;
  /** At most this many pickup windows are offered per request, earliest first. */
  windowsOffered?: number;
  /** The heaviest shipment (all packages) and the longest package side it carries; null carries any. */
  maxWeightKg?: number | null;
  maxLengthCm?: number | null;
  quoteTtlMinutes: number;
}

/** A third-party fleet asked over HTTP (contract in docs/fleet-http-connector.md). */
export interface HttpConnector {
  kind: 'http';
  url: string;
  timeoutMs: number;
  /**
   * Where the fleet is told of its dispatches and cancellations (signed, Standard Webhooks),
   * and the secret that signs them; without one it learns of them from the fleet API.
   */
  dispatchUrl?: string | null;
  signingSecret?: string | null;
}

/**
 * The retailer's own DoorDash Drive account (an access key from DoorDash's developer portal):
 * quotes come from Drive API v2, and a confirmed quote is accepted there.
 */
export interface DoorDashConnector {
  kind: 'doordash';
  /** https://openapi.doordash.com, or another deployment of the same API (tests). */
  baseUrl: string;
  developerId: string;
  keyId: string;
  /** Base64url, as the portal shows it; signs the short-lived JWT of every call. Sealed at rest. */
  signingSecret: string;
  timeoutMs: number;
  /**
   * SHA-256 (hex) of the Authorization header DoorDash's webhooks must carry (set in DoorDash's
   * portal with the fleet's webhook URL); a webhook without it is refused. Made when the
   * fleet is added, shown that once; older fleets lack it and take no webhooks.
   */
  webhookAuthorizationHash?: string | null;
}

/**
 * The retailer's own Uber Direct account (an app's client credentials and the organisation's
 * customer id, from Uber's developer dashboard): quotes and deliveries from the Direct API.
 */
export interface UberDirectConnector {
  kind: 'uber-direct';
  /** https://api.uber.com, or another deployment of the same API (tests). */
  baseUrl: string;
  /** Where the OAuth 2.0 client-credentials token is asked: https://auth.uber.com/oauth/v2/token. */
  tokenUrl: string;
  customerId: string;
  clientId: string;
  /** Sealed at rest. */
  clientSecret: string;
  /** The webhook's signing key from Uber's dashboard (sealed): webhooks are refused until it is set. */
  webhookSigningKey: string | null;
  timeoutMs: number;
}

/**
 * The retailer's own drivers, dispatched through its Onfleet organisation (an API key from
 * Onfleet's dashboard): priced here by the rate card we hold for it, each dispatch an Onfleet
 * drop-off task, followed through Onfleet's webhooks.
 */
export interface OnfleetConnector {
  kind: 'onfleet';
  /** https://onfleet.com, or another deployment of the same API (tests). */
  baseUrl: string;
  /** Sealed at rest. */
  apiKey: string;
  /** The organisation's webhook secret (hex) from Onfleet's dashboard, sealed: webhooks are refused until it is set. */
  webhookSecret: string | null;
  timeoutMs: number;
  rateCard: Omit<RateCardConnector, 'kind'>;
}

export type FleetConnectorSettings = RateCardConnector | HttpConnector | DoorDashConnector | UberDirectConnector | OnfleetConnector;

/** The rate card a fleet is priced by here: its own, or the one held for its Onfleet drivers; null when another prices it. */
export function rateCardOf(connector: FleetConnectorSettings): RateCardConnector | null {
  if (connector.kind === 'rate-card') return connector;
  return connector.kind === 'onfleet' ? { kind: 'rate-card', ...connector.rateCard } : null;
}

export const DRIVER_ASSIGNMENTS = ['offer', 'dispatcher'] as const;
export type DriverAssignment = (typeof DRIVER_ASSIGNMENTS)[number];

export interface Fleet {
  accountId: string;
  id: number;
  name: string;
  fleetType: number;
  externalTeamId: string;
  /** Carrier codes this fleet serves; a request naming another code does not ask it. */
  carrierCodes: string[];
  /** Service levels it serves; empty serves every level. */
  serviceLevels: string[];
  /** Where it delivers; absent or null, anywhere. A drop-off outside is neither quoted nor dispatched. */
  serviceArea?: ServiceArea | null;
  /** The proof its drivers can collect at a drop-off; absent or null, what its connector can carry (`capabilitiesOf`). */
  capabilities?: DeliveryRequirement[] | null;
  connector: FleetConnectorSettings;
  /**
   * How its tasks reach its drivers of ours (the driver app): offered to every one of them, the
   * first to accept taking it, or assigned by the dispatcher in the console. Absent: offered.
   */
  driverAssignment?: DriverAssignment;
  /** Moves on at every store of the fleet: a replace made from an older one is refused (AccountRepository.replaceFleet). */
  revision?: number;
}

/**
 * What a fleet can collect by default: everything through our fleet API (its drivers' app
 * sends the proof); Onfleet's completion requirements and barcodes (docs.onfleet.com,
 * "Completion Requirements", "Requesting"); Uber's drop-off verification (a signature, a
 * picture, an ID scan for a minimum age, barcodes: `DropoffVerificationRequest` in its
 * deliveries OpenAPI), not our PIN; DoorDash's `DropoffOptions` (a signature, an ID check, a
 * photo or our PIN: @doordash/sdk's generated Drive client), no minimum age or barcodes.
 */
const CONNECTOR_CAPABILITIES: Record<FleetConnectorSettings['kind'], readonly DeliveryRequirement[]> = {
  'rate-card': DELIVERY_REQUIREMENTS,
  http: DELIVERY_REQUIREMENTS,
  onfleet: ['signature', 'photo', 'minimum_age', 'barcode_scan'],
  doordash: ['signature', 'photo', 'pin', 'id_check'],
  'uber-direct': ['signature', 'photo', 'minimum_age', 'barcode_scan'],
};

/** The proof a fleet can collect: what it declared, within what its connector can carry. */
export function capabilitiesOf(fleet: Pick<Fleet, 'capabilities' | 'connector'>): readonly DeliveryRequirement[] {
  const carried = CONNECTOR_CAPABILITIES[fleet.connector.kind];
  return fleet.capabilities ? carried.filter((kind) => fleet.capabilities!.includes(kind)) : carried;
}

/** The id a new fleet of the account gets unless it names one: one past the highest. */
export const nextFleetId = (fleets: readonly Fleet[]) => Math.max(0, ...fleets.map((f) => f.id)) + 1;

/** What a rate card takes for a setting not given (libs/contracts, shared with the console's form). */
export const DEFAULT_RATE_CARD: Omit<RateCardConnector, 'currency'> = RATE_CARD_DEFAULTS;
