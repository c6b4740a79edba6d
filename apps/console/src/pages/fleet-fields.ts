// The defaults alone, not the accounts' index: that would bundle the repositories into the page.
import { RATE_CARD_DEFAULTS as DEFAULT_RATE_CARD, DOORDASH_DEFAULTS, ONFLEET_DEFAULTS, UBER_DIRECT_DEFAULTS } from '@delivery/contracts';

const d = DEFAULT_RATE_CARD;
/** A rate card's whole-number settings, as the console API names them, with what a new fleet starts from. */
export const RATE_CARD_SETTINGS = [
  { key: 'base_fee', label: 'Base fee (minor units, e.g. cents)', min: 0, start: d.baseFee },
  { key: 'per_kg_fee', label: 'Fee per kg (minor units)', min: 0, start: d.perKgFee },
  { key: 'per_package_fee', label: 'Fee per package (minor units)', min: 0, start: d.perPackageFee },
  { key: 'declared_value_bp', label: 'Share of the declared value (basis points)', min: 0, start: d.declaredValueBasisPoints },
  { key: 'lead_time_minutes', label: 'A window closes this long before it starts (minutes)', min: 0, start: d.leadTimeMinutes },
  { key: 'window_minutes', label: 'Delivery window (minutes)', min: 15, start: d.windowMinutes },
  { key: 'transit_minutes', label: 'Transit time (minutes)', min: 0, start: d.transitMinutes },
  { key: 'capacity_per_window', label: 'Deliveries per window', min: 1, start: d.capacityPerWindow },
  { key: 'windows_offered', label: 'Windows offered per request', min: 1, start: d.windowsOffered! },
  { key: 'quote_ttl_minutes', label: 'Quotes hold for (minutes)', min: 1, start: d.quoteTtlMinutes },
] as const;

export type CourierKind = 'doordash' | 'uber-direct' | 'onfleet';
export type ConnectorKind = 'rate-card' | 'http' | CourierKind;

export interface CourierField {
  name: string;
  label: string;
  type: 'url' | 'text' | 'password';
  /** Shown in the form when adding; a saved fleet shows what it holds (never a secret). */
  start?: string;
  optional?: boolean;
}

/** Each courier network's credentials, by their names in the console API; secrets are asked again on every change. */
export const COURIER_FIELDS: Record<CourierKind, { legend: string; option: string; fields: CourierField[] }> = {
  doordash: {
    legend: 'DoorDash Drive access key',
    option: 'DoorDash Drive (your access key)',
    fields: [
      { name: 'base_url', label: 'Drive API address', type: 'url', start: DOORDASH_DEFAULTS.baseUrl },
      { name: 'developer_id', label: 'Developer id', type: 'text' },
      { name: 'key_id', label: 'Key id', type: 'text' },
      { name: 'signing_secret', label: 'Signing secret', type: 'password' },
    ],
  },
  'uber-direct': {
    legend: 'Uber Direct app credentials',
    option: 'Uber Direct (your app’s credentials)',
    fields: [
      { name: 'base_url', label: 'Direct API address', type: 'url', start: UBER_DIRECT_DEFAULTS.baseUrl },
      { name: 'token_url', label: 'Token URL', type: 'url', start: UBER_DIRECT_DEFAULTS.tokenUrl },
      { name: 'customer_id', label: 'Customer id', type: 'text' },
      { name: 'client_id', label: 'Client id', type: 'text' },
      { name: 'client_secret', label: 'Client secret', type: 'password' },
      // Uber's dashboard gives it once the fleet's webhook URL is set there; left empty, a saved one is kept.
      { name: 'webhook_signing_key', label: 'Webhook signing key', type: 'password', optional: true },
    ],
  },
  onfleet: {
    legend: 'Onfleet API key (its drivers are priced by the rate card below)',
    option: 'Onfleet (your drivers, your API key)',
    fields: [
      { name: 'base_url', label: 'Onfleet API address', type: 'url', start: ONFLEET_DEFAULTS.baseUrl },
      { name: 'api_key', label: 'API key', type: 'password' },
      // Onfleet's dashboard shows the organisation's webhook secret; left empty, a saved one is kept.
      { name: 'webhook_secret', label: 'Webhook secret (hex)', type: 'password', optional: true },
    ],
  },
};
export const isCourier = (kind: unknown): kind is CourierKind => typeof kind === 'string' && kind in COURIER_FIELDS;

type DayHoursView = { start_hour: number; end_hour: number } | null;

/** `sat=10-14, sun=closed`: the weekdays whose hours differ from every day's, as the form writes them. */
export const WEEKDAY_HOURS_PATTERN = String.raw`\s*((sun|mon|tue|wed|thu|fri|sat)=(closed|\d{1,2}-\d{1,2})\s*(,\s*|$))*`;

export function weekdayHoursText(weekdays: Record<string, DayHoursView> | undefined): string {
  return Object.entries(weekdays ?? {})
    .map(([day, hours]) => `${day}=${hours ? `${hours.start_hour}-${hours.end_hour}` : 'closed'}`)
    .join(', ');
}

/** The weekdays' own hours from the form's text (its pattern has checked the shape; the API checks the hours). */
export function weekdayHoursFrom(text: string): Record<string, DayHoursView> | undefined {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [day, hours] = entry.split('=') as [string, string];
      const [start, end] = hours.split('-').map(Number);
      return [day, hours === 'closed' ? null : { start_hour: start!, end_hour: end! }] as const;
    });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}
