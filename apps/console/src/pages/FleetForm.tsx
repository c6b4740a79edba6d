import { useState, type FormEvent } from 'react';
// The defaults alone, not the accounts' index: that would bundle the repositories into the page.
import { RATE_CARD_DEFAULTS as DEFAULT_RATE_CARD } from '@delivery/contracts';
import {
  COURIER_FIELDS,
  isCourier,
  RATE_CARD_SETTINGS,
  WEEKDAY_HOURS_PATTERN,
  weekdayHoursFrom,
  weekdayHoursText,
  type ConnectorKind,
} from './fleet-fields';
import type { ConsoleFleetView } from '../types';

export const FLEET_TYPES = ['own fleet', 'third-party fleet', 'sandbox'];

type Connector = Record<string, unknown>;
type Hours = { start_hour: number; end_hour: number; weekdays?: Record<string, { start_hour: number; end_hour: number } | null> };
const hoursOf = (connector: Connector | undefined) => connector?.working_hours as Hours | undefined;

/** The rate card a fleet is priced by: its own, or the one an Onfleet fleet's drivers are priced by. */
const rateCardOf = (connector: Connector | undefined): Connector | undefined =>
  connector?.kind === 'rate-card' ? connector : connector?.kind === 'onfleet' ? (connector.rate_card as Connector) : undefined;

function startingSettings(connector: Connector | undefined): Record<string, string> {
  const rateCard = rateCardOf(connector);
  const { startHour, endHour } = DEFAULT_RATE_CARD.workingHours;
  const hours = hoursOf(rateCard) ?? { start_hour: startHour, end_hour: endHour };
  const cutoff = rateCard?.day_cutoff as { days_before: number; at_hour: number } | null | undefined;
  const limit = (key: string) => (rateCard?.[key] == null ? '' : String(rateCard[key]));
  return {
    ...Object.fromEntries(RATE_CARD_SETTINGS.map((s) => [s.key, String(rateCard?.[s.key] ?? s.start)])),
    time_zone: String(rateCard?.time_zone ?? DEFAULT_RATE_CARD.timeZone),
    start_hour: String(hours.start_hour),
    end_hour: String(hours.end_hour),
    weekday_hours: weekdayHoursText(hours.weekdays),
    cutoff_days_before: cutoff ? String(cutoff.days_before) : '',
    cutoff_at_hour: cutoff ? String(cutoff.at_hour) : '',
    blackout_dates: ((rateCard?.blackout_dates as string[] | undefined) ?? []).join(', '),
    max_weight_kg: limit('max_weight_kg'),
    max_length_cm: limit('max_length_cm'),
  };
}

const orNull = (text: string | undefined) => (text ? Number(text) : null);

const list = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** What the form starts with for a network's fields: the saved fleet's (secrets blank), else the defaults. */
function startingCourier(connector: ConsoleFleetView['connector'] | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.values(COURIER_FIELDS)
      .flatMap((network) => network.fields)
      .map((f) => [f.name, f.type !== 'password' && connector?.[f.name] !== undefined ? String(connector[f.name]) : (f.start ?? '')]),
  );
}

/** Adds a fleet, or replaces the settings of the one being edited (its id, tasks and dispatch secret stay). */
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
  const [currency, setCurrency] = useState(String(rateCardOf(connector)?.currency ?? 'USD'));
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
      currency,
      ...Object.fromEntries(RATE_CARD_SETTINGS.map((s) => [s.key, Number(settings[s.key])])),
      time_zone: settings.time_zone,
      working_hours: {
        start_hour: Number(settings.start_hour),
        end_hour: Number(settings.end_hour),
        weekdays: weekdayHoursFrom(settings.weekday_hours!),
      },
      day_cutoff: settings.cutoff_at_hour
        ? { days_before: Number(settings.cutoff_days_before || 0), at_hour: Number(settings.cutoff_at_hour) }
        : null,
      blackout_dates: list(settings.blackout_dates!),
      max_weight_kg: orNull(settings.max_weight_kg),
      max_length_cm: orNull(settings.max_length_cm),
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
                ...(kind === 'onfleet' && { rate_card: rateCard }),
              }
            : { kind, ...rateCard },
    };
    await onSave(body);
  };

  const rateCardFields = (
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
      <label htmlFor="fleet-time-zone">Time zone of the hours and dates (e.g. Europe/Paris)</label>
      <input id="fleet-time-zone" required {...setting('time_zone')} />
      <label htmlFor="fleet-weekday-hours">Days with other hours (e.g. sat=10-14, sun=closed)</label>
      <input id="fleet-weekday-hours" pattern={WEEKDAY_HOURS_PATTERN} {...setting('weekday_hours')} />
      <label htmlFor="fleet-cutoff-hour">Order by this hour (optional, 0–23)…</label>
      <input id="fleet-cutoff-hour" type="number" min="0" max="23" step="1" {...setting('cutoff_at_hour')} />
      <label htmlFor="fleet-cutoff-days">…this many days before the window (0: the same day)</label>
      <input id="fleet-cutoff-days" type="number" min="0" max="30" step="1" {...setting('cutoff_days_before')} />
      <label htmlFor="fleet-blackout-dates">Days off (YYYY-MM-DD, comma-separated)</label>
      <input id="fleet-blackout-dates" pattern={String.raw`\s*(\d{4}-\d{2}-\d{2}\s*(,\s*|$))*`} {...setting('blackout_dates')} />
      <label htmlFor="fleet-max-weight">Heaviest shipment carried (kg, blank: any)</label>
      <input id="fleet-max-weight" type="number" min="0.01" step="0.01" {...setting('max_weight_kg')} />
      <label htmlFor="fleet-max-length">Longest package side carried (cm, blank: any)</label>
      <input id="fleet-max-length" type="number" min="0.01" step="0.01" {...setting('max_length_cm')} />
    </fieldset>
  );

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
      {isCourier(kind) && (
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
      )}
      {(kind === 'rate-card' || kind === 'onfleet') && rateCardFields}
      {kind === 'http' && (
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
