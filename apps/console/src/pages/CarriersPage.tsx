import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { SecretOnce } from '../components/SecretOnce';
import { useAction } from '../use-action';
import type { ConsoleAddedFleetView, ConsoleFleetView, ConsoleServicePlanView, ConsoleUserView } from '../types';
import { useLoad } from '../use-load';
import { FLEET_TYPES, FleetForm } from './FleetForm';

/** Spec 1.7: the carriers and service levels Create Order accepts and prices with, and the fleets that deliver. */
export function CarriersPage({ user }: { user: ConsoleUserView }) {
  const plans = useLoad(() => api<{ service_plans: ConsoleServicePlanView[] }>('GET', '/service-plans'));
  const fleets = useLoad(() => api<{ fleets: ConsoleFleetView[] }>('GET', '/fleets'));
  const { error, act } = useAction(() => Promise.all([plans.reload(), fleets.reload()]));
  const [secret, setSecret] = useState<{ title: string; fields: { label: string; value: string }[] } | null>(null);
  const [editing, setEditing] = useState<ConsoleFleetView | null>(null);
  // A new key gives an empty form once a save is done; a refused one keeps what was typed.
  const [saved, setSaved] = useState(0);
  const canChange = user.role !== 'viewer';

  const removePlan = (plan: ConsoleServicePlanView) => {
    if (!window.confirm(`Remove ${plan.carrier_code} ${plan.service_level}? Create Order with it will be refused.`)) return;
    void act(() => api('DELETE', `/service-plans/${encodeURIComponent(plan.carrier_code)}/${encodeURIComponent(plan.service_level)}`));
  };
  const saveFleet = (body: unknown) =>
    act(async () => {
      type Saved = ConsoleAddedFleetView;
      const answer = editing ? await api<Saved>('PUT', `/fleets/${editing.id}`, body) : await api<Saved>('POST', '/fleets', body);
      if (answer.signing_secret) {
        setSecret({
          title: `Dispatch signing secret of ${answer.fleet.name}`,
          fields: [{ label: 'Signing secret', value: answer.signing_secret }],
        });
      }
      const webhook = answer.courier_webhook;
      if (webhook) {
        // What the network's portal needs for this fleet's status webhooks.
        setSecret({
          title: `Status webhooks of ${answer.fleet.name}: set these in the courier's portal`,
          fields: [
            { label: 'Webhook URL', value: `${window.location.origin}${webhook.path}` },
            ...(webhook.authorization ? [{ label: 'Authorization header', value: webhook.authorization }] : []),
          ],
        });
      }
      setEditing(null);
      setSaved((n) => n + 1);
    });
  const removeFleet = (fleet: ConsoleFleetView) => {
    if (!window.confirm(`Remove ${fleet.name}? Get Quotes stops asking it.`)) return;
    void act(() => api('DELETE', `/fleets/${fleet.id}`));
  };

  return (
    <>
      <ErrorMessage error={error ?? plans.error ?? fleets.error} />
      {secret && <SecretOnce title={secret.title} fields={secret.fields} onDone={() => setSecret(null)} />}
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
          <FleetForm key={editing?.id ?? `new-${saved}`} editing={editing} onSave={saveFleet} onCancel={() => setEditing(null)} />
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
                  {fleet.credentials_refused && (
                    <p className="refused" role="status">
                      Credentials refused since {new Date(fleet.credentials_refused.since).toLocaleString()}:{' '}
                      {fleet.credentials_refused.reason}
                    </p>
                  )}
                </td>
                {canChange && (
                  <td>
                    <button type="button" onClick={() => setEditing(fleet)} aria-label={`Edit ${fleet.name}`}>
                      Edit
                    </button>{' '}
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
  if (connector.kind === 'doordash') {
    return (
      <span>
        DoorDash Drive at <code>{String(connector.base_url)}</code>, key <code>{String(connector.key_id)}</code>
      </span>
    );
  }
  if (connector.kind === 'uber-direct') {
    return (
      <span>
        Uber Direct at <code>{String(connector.base_url)}</code>, customer <code>{String(connector.customer_id)}</code>
      </span>
    );
  }
  if (connector.kind === 'onfleet') {
    return (
      <span>
        Onfleet at <code>{String(connector.base_url)}</code>, its drivers priced by a{' '}
        <RateCardSummary card={connector.rate_card as Record<string, unknown>} />
      </span>
    );
  }
  return <RateCardSummary card={connector} />;
}

function RateCardSummary({ card }: { card: Record<string, unknown> }) {
  const hours = card.working_hours as { start_hour: number; end_hour: number };
  return (
    <span>
      rate card: base {String(card.base_fee)}, per kg {String(card.per_kg_fee)}, per package {String(card.per_package_fee)} (
      {String(card.currency)} minor units); {hours.start_hour}–{hours.end_hour} h {String(card.time_zone ?? 'UTC')},{' '}
      {String(card.capacity_per_window)} per {String(card.window_minutes)} min window
    </span>
  );
}

function PlanForm({ onSave }: { onSave: (path: string, body: unknown) => Promise<unknown> }) {
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
