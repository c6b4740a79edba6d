import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { SecretOnce } from '../components/SecretOnce';
import { useAction } from '../use-action';
import type { ConsoleFleetView, ConsoleServicePlanView, ConsoleUserView } from '../types';
import { useLoad } from '../use-load';

const FLEET_TYPES = ['own fleet', 'third-party fleet', 'sandbox'];

/** Spec 1.7: the carriers and service levels Create Order accepts and prices with, and the fleets that deliver. */
export function CarriersPage({ user }: { user: ConsoleUserView }) {
  const plans = useLoad(() => api<{ service_plans: ConsoleServicePlanView[] }>('GET', '/service-plans'));
  const fleets = useLoad(() => api<{ fleets: ConsoleFleetView[] }>('GET', '/fleets'));
  const { error, act } = useAction(() => Promise.all([plans.reload(), fleets.reload()]));
  const [secret, setSecret] = useState<{ fleet: string; value: string } | null>(null);
  const canChange = user.role !== 'viewer';

  const removePlan = (plan: ConsoleServicePlanView) => {
    if (!window.confirm(`Remove ${plan.carrier_code} ${plan.service_level}? Create Order with it will be refused.`)) return;
    void act(() => api('DELETE', `/service-plans/${encodeURIComponent(plan.carrier_code)}/${encodeURIComponent(plan.service_level)}`));
  };
  const removeFleet = (fleet: ConsoleFleetView) => {
    if (!window.confirm(`Remove ${fleet.name}? Get Quotes stops asking it.`)) return;
    void act(() => api('DELETE', `/fleets/${fleet.id}`));
  };

  return (
    <>
      <ErrorMessage error={error ?? plans.error ?? fleets.error} />
      {secret && (
        <SecretOnce
          title={`Dispatch signing secret of ${secret.fleet}`}
          fields={[{ label: 'Signing secret', value: secret.value }]}
          onDone={() => setSecret(null)}
        />
      )}
      <section aria-labelledby="plans-title">
        <h2 id="plans-title">Carriers and service levels</h2>
        {canChange && <PlanForm onSave={(path, body) => act(() => api('PUT', path, body))} />}
        <table>
          <caption>Service plans</caption>
          <thead>
            <tr>
              <th scope="col">Carrier code</th>
              <th scope="col">Service level</th>
              <th scope="col">Carrier name</th>
              <th scope="col">Base charge</th>
              <th scope="col">Per kg</th>
              {canChange && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {plans.data?.service_plans.map((plan) => (
              <tr key={`${plan.carrier_code}/${plan.service_level}`}>
                <td>{plan.carrier_code}</td>
                <td>{plan.service_level}</td>
                <td>{plan.carrier_name}</td>
                <td>
                  {plan.base_charge} {plan.currency}
                </td>
                <td>
                  {plan.per_kg_charge} {plan.currency}
                </td>
                {canChange && (
                  <td>
                    <button
                      type="button"
                      className="danger"
                      onClick={() => removePlan(plan)}
                      aria-label={`Remove ${plan.carrier_code} ${plan.service_level}`}
                    >
                      Remove
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="fleets-title">
        <h2 id="fleets-title">Fleets</h2>
        {canChange && (
          <FleetForm
            onAdd={(body) =>
              act(async () => {
                const added = await api<{ fleet: ConsoleFleetView; signing_secret: string | null }>('POST', '/fleets', body);
                if (added.signing_secret) setSecret({ fleet: added.fleet.name, value: added.signing_secret });
              })
            }
          />
        )}
        <table>
          <caption>Fleets</caption>
          <thead>
            <tr>
              <th scope="col">Id</th>
              <th scope="col">Name</th>
              <th scope="col">Type</th>
              <th scope="col">Carrier codes</th>
              <th scope="col">Service levels</th>
              <th scope="col">Connector</th>
              {canChange && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {fleets.data?.fleets.map((fleet) => (
              <tr key={fleet.id}>
                <td>{fleet.id}</td>
                <td>{fleet.name}</td>
                <td>{FLEET_TYPES[fleet.fleet_type] ?? fleet.fleet_type}</td>
                <td>{fleet.carrier_codes.join(', ')}</td>
                <td>{fleet.service_levels.length ? fleet.service_levels.join(', ') : 'all'}</td>
                <td>
                  <ConnectorSummary connector={fleet.connector} />
                </td>
                {canChange && (
                  <td>
                    <button type="button" className="danger" onClick={() => removeFleet(fleet)} aria-label={`Remove ${fleet.name}`}>
                      Remove
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

function ConnectorSummary({ connector }: { connector: Record<string, unknown> }) {
  if (connector.kind === 'http') {
    return (
      <span>
        HTTP <code>{String(connector.url)}</code>
        {connector.dispatch_url ? (
          <>
            , dispatches to <code>{String(connector.dispatch_url)}</code>
          </>
        ) : null}
      </span>
    );
  }
  return (
    <span>
      rate card: base {String(connector.base_fee)}, per kg {String(connector.per_kg_fee)}, per package {String(connector.per_package_fee)} (
      {String(connector.currency)} minor units)
    </span>
  );
}

function PlanForm({ onSave }: { onSave: (path: string, body: unknown) => Promise<void> }) {
  const [code, setCode] = useState('');
  const [level, setLevel] = useState('');
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState('USD');
  const [base, setBase] = useState('0');
  const [perKg, setPerKg] = useState('0');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { carrier_name: name || undefined, currency, base_charge: Number(base), per_kg_charge: Number(perKg) };
    await onSave(`/service-plans/${encodeURIComponent(code)}/${encodeURIComponent(level)}`, body);
  };
  return (
    <form onSubmit={submit} aria-labelledby="plan-form-title">
      <h3 id="plan-form-title">Set a service plan (adds it, or replaces the one of that code and level)</h3>
      <label htmlFor="plan-code">Carrier code</label>
      <input id="plan-code" required value={code} onChange={(e) => setCode(e.target.value)} />
      <label htmlFor="plan-level">Service level</label>
      <input id="plan-level" required value={level} onChange={(e) => setLevel(e.target.value)} />
      <label htmlFor="plan-name">Carrier name</label>
      <input id="plan-name" value={name} onChange={(e) => setName(e.target.value)} />
      <label htmlFor="plan-currency">Currency</label>
      <input id="plan-currency" required pattern="[A-Z]{3}" value={currency} onChange={(e) => setCurrency(e.target.value)} />
      <label htmlFor="plan-base">Base charge</label>
      <input id="plan-base" type="number" min="0" step="0.01" value={base} onChange={(e) => setBase(e.target.value)} />
      <label htmlFor="plan-per-kg">Charge per kg</label>
      <input id="plan-per-kg" type="number" min="0" step="0.01" value={perKg} onChange={(e) => setPerKg(e.target.value)} />
      <button type="submit">Save plan</button>
    </form>
  );
}

function FleetForm({ onAdd }: { onAdd: (body: unknown) => Promise<void> }) {
  const [name, setName] = useState('');
  const [type, setType] = useState('0');
  const [codes, setCodes] = useState('');
  const [levels, setLevels] = useState('');
  const [kind, setKind] = useState<'rate-card' | 'http'>('rate-card');
  const [currency, setCurrency] = useState('USD');
  const [baseFee, setBaseFee] = useState('500');
  const [url, setUrl] = useState('');
  const [dispatchUrl, setDispatchUrl] = useState('');
  const list = (text: string) =>
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const connector =
      kind === 'http' ? { kind, url, ...(dispatchUrl && { dispatch_url: dispatchUrl }) } : { kind, currency, base_fee: Number(baseFee) };
    await onAdd({ name, fleet_type: Number(type), carrier_codes: list(codes), service_levels: list(levels), connector });
  };
  return (
    <form onSubmit={submit} aria-labelledby="fleet-form-title">
      <h3 id="fleet-form-title">Add a fleet</h3>
      <label htmlFor="fleet-name">Name</label>
      <input id="fleet-name" required value={name} onChange={(e) => setName(e.target.value)} />
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
      <select id="fleet-connector" value={kind} onChange={(e) => setKind(e.target.value as 'rate-card' | 'http')}>
        <option value="rate-card">Priced here from a rate card</option>
        <option value="http">Asked over HTTP</option>
      </select>
      {kind === 'rate-card' ? (
        <>
          <label htmlFor="fleet-currency">Currency</label>
          <input id="fleet-currency" required pattern="[A-Z]{3}" value={currency} onChange={(e) => setCurrency(e.target.value)} />
          <label htmlFor="fleet-base-fee">Base fee (minor units, e.g. cents)</label>
          <input id="fleet-base-fee" type="number" min="0" step="1" value={baseFee} onChange={(e) => setBaseFee(e.target.value)} />
        </>
      ) : (
        <>
          <label htmlFor="fleet-url">Quote URL</label>
          <input id="fleet-url" type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />
          <label htmlFor="fleet-dispatch-url">Dispatch URL (optional: signed calls for its dispatches)</label>
          <input id="fleet-dispatch-url" type="url" value={dispatchUrl} onChange={(e) => setDispatchUrl(e.target.value)} />
        </>
      )}
      <button type="submit">Add fleet</button>
    </form>
  );
}
