import { useState, type FormEvent } from 'react';
// The defaults alone, not the accounts' index: that would bundle the repositories into the page.
import { DEFAULT_RATE_CARD, DOORDASH_DEFAULTS, ONFLEET_DEFAULTS, UBER_DIRECT_DEFAULTS } from '../../../../libs/accounts/src/fleet';
import type { ConsoleFleetView } from '../types';

export const FLEET_TYPES = ['own fleet', 'third-party fleet', 'sandbox'];

const d = DEFAULT_RATE_CARD;
/** A rate card's whole-number settings, as the console API names them, with what a new fleet starts from. */
const RATE_CARD_SETTINGS = [
  { key: 'base_fee', label: 'Base fee (minor units, e.g. cents)', min: 0, start: d.baseFee },
  { key: 'per_kg_fee', label: 'Fee per kg (minor units)', min: 0, start: d.perKgFee },
  { key: 'per_package_fee', label: 'Fee per package (minor units)', min: 0, start: d.perPackageFee },
  { key: 'declared_value_bp', label: 'Share of the declared value (basis points)', min: 0, start: d.declaredValueBasisPoints },
  { key: 'lead_time_minutes', label: 'Lead time before the first window (minutes)', min: 0, start: d.leadTimeMinutes },
  { key: 'window_minutes', label: 'Delivery window (minutes)', min: 15, start: d.windowMinutes },
  { key: 'transit_minutes', label: 'Transit time (minutes)', min: 0, start: d.transitMinutes },
  { key: 'capacity_per_window', label: 'Deliveries per window', min: 1, start: d.capacityPerWindow },
  { key: 'quote_ttl_minutes', label: 'Quotes hold for (minutes)', min: 1, start: d.quoteTtlMinutes },
] as const;

type Connector = Record<string, unknown>;
const hoursOf = (connector: Connector | undefined) => connector?.working_hours as { start_hour: number; end_hour: number } | undefined;

function startingSettings(connector: Connector | undefined): Record<string, string> {
  const rateCard = connector?.kind === 'rate-card' ? connector : undefined;
  const hours = hoursOf(rateCard) ?? { start_hour: d.workingHours.startHour, end_hour: d.workingHours.endHour };
  return {
    ...Object.fromEntries(RATE_CARD_SETTINGS.map((s) => [s.key, String(rateCard?.[s.key] ?? s.start)])),
    start_hour: String(hours.start_hour),
    end_hour: String(hours.end_hour),
  };
}

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Adds a fleet, or replaces the settings of the one being edited (its id, tasks and dispatch secret stay). */
type CourierKind = 'doordash' | 'uber-direct' | 'onfleet';
type ConnectorKind = 'rate-card' | 'http' | CourierKind;

interface CourierField {
  name: string;
  label: string;
  type: 'url' | 'text' | 'password';
  /** Shown in the form when adding; a saved fleet shows what it holds (never a secret). */
  start?: string;
  optional?: boolean;
}

/** Each courier network's credentials, by their names in the console API; secrets are asked again on every change. */
const COURIER_FIELDS: Record<CourierKind, { legend: string; option: string; fields: CourierField[] }> = {
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
    legend: 'Onfleet API key (priced by the default rate card; the CLI sets another)',
    option: 'Onfleet (your drivers, your API key)',
    fields: [
      { name: 'base_url', label: 'Onfleet API address', type: 'url', start: ONFLEET_DEFAULTS.baseUrl },
      { name: 'api_key', label: 'API key', type: 'password' },
      // Onfleet's dashboard shows the organisation's webhook secret; left empty, a saved one is kept.
      { name: 'webhook_secret', label: 'Webhook secret (hex)', type: 'password', optional: true },
    ],
  },
};
const isCourier = (kind: unknown): kind is CourierKind => typeof kind === 'string' && kind in COURIER_FIELDS;

/** What the form starts with for a network's fields: the saved fleet's (secrets blank), else the defaults. */
function startingCourier(connector: ConsoleFleetView['connector'] | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.values(COURIER_FIELDS)
      .flatMap((network) => network.fields)
      .map((f) => [f.name, f.type !== 'password' && connector?.[f.name] !== undefined ? String(connector[f.name]) : (f.start ?? '')]),
  );
}

export function FleetForm({
  editing,
  onSave,
  onCancel,
}: {
  editing: ConsoleFleetView | null;
  onSave: (body: unknown) => Promise<unknown>;
  onCancel: () => void;
}) {
  const connector = editing?.connector;
  const [name, setName] = useState(editing?.name ?? '');
  const [type, setType] = useState(String(editing?.fleet_type ?? 0));
  const [codes, setCodes] = useState(editing?.carrier_codes.join(', ') ?? '');
  const [levels, setLevels] = useState(editing?.service_levels.join(', ') ?? '');
  const [kind, setKind] = useState<ConnectorKind>(
    connector?.kind === 'http' || isCourier(connector?.kind) ? (connector!.kind as ConnectorKind) : 'rate-card',
  );
  const [courier, setCourier] = useState(() => startingCourier(connector));
  const [currency, setCurrency] = useState(connector?.kind === 'rate-card' ? String(connector.currency) : 'USD');
  const [settings, setSettings] = useState(() => startingSettings(connector));
  const [url, setUrl] = useState(connector?.kind === 'http' ? String(connector.url) : '');
  const [dispatchUrl, setDispatchUrl] = useState(connector?.kind === 'http' ? String(connector.dispatch_url ?? '') : '');
  const [timeoutMs, setTimeoutMs] = useState(connector?.kind === 'http' ? String(connector.timeout_ms) : '1000');
  const setting = (key: string) => ({
    value: settings[key],
    onChange: (e: { target: { value: string } }) => setSettings((now) => ({ ...now, [key]: e.target.value })),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rateCard = {
      kind,
      currency,
      ...Object.fromEntries(RATE_CARD_SETTINGS.map((s) => [s.key, Number(settings[s.key])])),
      working_hours: { start_hour: Number(settings.start_hour), end_hour: Number(settings.end_hour) },
    };
    const body = {
      name,
      fleet_type: Number(type),
      carrier_codes: list(codes),
      service_levels: list(levels),
      ...(editing && { external_team_id: editing.external_team_id }),
      connector:
        kind === 'http'
          ? { kind, url, timeout_ms: Number(timeoutMs), ...(dispatchUrl && { dispatch_url: dispatchUrl }) }
          : isCourier(kind)
            ? {
                kind,
                ...Object.fromEntries(COURIER_FIELDS[kind].fields.filter((f) => courier[f.name]).map((f) => [f.name, courier[f.name]])),
              }
            : rateCard,
    };
    await onSave(body);
  };

  return (
    <form onSubmit={submit} aria-labelledby="fleet-form-title">
      <h3 id="fleet-form-title">{editing ? `Change ${editing.name}` : 'Add a fleet'}</h3>
      <label htmlFor="fleet-name">Name</label>
      <input
        id="fleet-name"
        // Edit was pressed in the table below: take the keyboard to what it opened.
        autoFocus={editing !== null}
        required
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <label htmlFor="fleet-type">Type</label>
      <select id="fleet-type" value={type} onChange={(e) => setType(e.target.value)}>
        {FLEET_TYPES.map((label, i) => (
          <option key={label} value={i}>
            {label}
          </option>
        ))}
      </select>
      <label htmlFor="fleet-codes">Carrier codes (comma-separated)</label>
      <input id="fleet-codes" required value={codes} onChange={(e) => setCodes(e.target.value)} />
      <label htmlFor="fleet-levels">Service levels (comma-separated; none: all)</label>
      <input id="fleet-levels" value={levels} onChange={(e) => setLevels(e.target.value)} />
      <label htmlFor="fleet-connector">How it is asked for quotes</label>
      <select id="fleet-connector" value={kind} onChange={(e) => setKind(e.target.value as ConnectorKind)}>
        <option value="rate-card">Priced here from a rate card</option>
        <option value="http">Asked over HTTP</option>
        {Object.entries(COURIER_FIELDS).map(([value, network]) => (
          <option key={value} value={value}>
            {network.option}
          </option>
        ))}
      </select>
      {isCourier(kind) ? (
        <fieldset>
          <legend>{COURIER_FIELDS[kind].legend}</legend>
          {COURIER_FIELDS[kind].fields.map((field) => (
            <div key={field.name}>
              <label htmlFor={`fleet-${kind}-${field.name}`}>{field.label}</label>
              <input
                id={`fleet-${kind}-${field.name}`}
                type={field.type}
                required={!field.optional}
                value={courier[field.name]}
                onChange={(e) => setCourier((now) => ({ ...now, [field.name]: e.target.value }))}
              />
            </div>
          ))}
        </fieldset>
      ) : kind === 'rate-card' ? (
        <fieldset>
          <legend>Rate card</legend>
          <label htmlFor="fleet-currency">Currency</label>
          <input id="fleet-currency" required pattern="[A-Z]{3}" value={currency} onChange={(e) => setCurrency(e.target.value)} />
          {RATE_CARD_SETTINGS.map((s) => (
            <div key={s.key}>
              <label htmlFor={`fleet-${s.key}`}>{s.label}</label>
              <input id={`fleet-${s.key}`} type="number" required min={s.min} step="1" {...setting(s.key)} />
            </div>
          ))}
          <label htmlFor="fleet-start-hour">Working hours from (hour, 0–23)</label>
          <input id="fleet-start-hour" type="number" required min="0" max="23" step="1" {...setting('start_hour')} />
          <label htmlFor="fleet-end-hour">Working hours until (hour, 1–24)</label>
          <input id="fleet-end-hour" type="number" required min="1" max="24" step="1" {...setting('end_hour')} />
        </fieldset>
      ) : (
        <>
          <label htmlFor="fleet-url">Quote URL</label>
          <input id="fleet-url" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
          <label htmlFor="fleet-timeout">How long a quote may take (ms)</label>
          <input
            id="fleet-timeout"
            type="number"
            required
            min="50"
            max="60000"
            step="1"
            value={timeoutMs}
            onChange={(e) => setTimeoutMs(e.target.value)}
          />
          <label htmlFor="fleet-dispatch-url">Dispatch URL (optional: signed calls for its dispatches)</label>
          <input id="fleet-dispatch-url" type="url" value={dispatchUrl} onChange={(e) => setDispatchUrl(e.target.value)} />
        </>
      )}
      <button type="submit">{editing ? 'Save fleet' : 'Add fleet'}</button>
      {editing && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}
