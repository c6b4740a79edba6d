import { useState, type FormEvent } from 'react';
// The defaults alone, not the accounts' index: that would bundle the repositories into the page.
import { DEFAULT_RATE_CARD, DOORDASH_DEFAULTS } from '../../../../libs/accounts/src/fleet';
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
type ConnectorKind = 'rate-card' | 'http' | 'doordash';

/** A DoorDash access key's parts, by their names in the console API; the secret is asked again on every change. */
const DOORDASH_FIELDS = [
  { name: 'base_url', label: 'Drive API address' },
  { name: 'developer_id', label: 'Developer id' },
  { name: 'key_id', label: 'Key id' },
  { name: 'signing_secret', label: 'Signing secret' },
] as const;
type DoorDashField = (typeof DOORDASH_FIELDS)[number]['name'];

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
    connector?.kind === 'http' || connector?.kind === 'doordash' ? connector.kind : 'rate-card',
  );
  const [doordash, setDoorDash] = useState<Record<DoorDashField, string>>({
    base_url: connector?.kind === 'doordash' ? String(connector.base_url) : DOORDASH_DEFAULTS.baseUrl,
    developer_id: connector?.kind === 'doordash' ? String(connector.developer_id) : '',
    key_id: connector?.kind === 'doordash' ? String(connector.key_id) : '',
    signing_secret: '',
  });
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
          : kind === 'doordash'
            ? { kind, ...doordash }
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
        <option value="doordash">DoorDash Drive (your access key)</option>
      </select>
      {kind === 'doordash' ? (
        <fieldset>
          <legend>DoorDash Drive access key</legend>
          {DOORDASH_FIELDS.map((field) => (
            <div key={field.name}>
              <label htmlFor={`fleet-doordash-${field.name}`}>{field.label}</label>
              <input
                id={`fleet-doordash-${field.name}`}
                type={field.name === 'signing_secret' ? 'password' : field.name === 'base_url' ? 'url' : 'text'}
                required
                value={doordash[field.name]}
                onChange={(e) => setDoorDash((now) => ({ ...now, [field.name]: e.target.value }))}
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
