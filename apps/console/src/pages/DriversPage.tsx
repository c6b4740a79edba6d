import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { when } from '../format';
import { useAction } from '../use-action';
import { useLoad } from '../use-load';
import type { ConsoleDriverSessionView, ConsoleDriverView, ConsoleFleetView, ConsoleUserView } from '../types';

/** Fleets of our fleet API have drivers of ours; a courier network's come with that network's app. */
const hasDrivers = (fleet: ConsoleFleetView) => ['rate-card', 'http'].includes(String(fleet.connector.kind));

/** A driver's signed-in devices, each signed out with one click (a lost phone). */
function Devices({ fleetId, driver, canChange }: { fleetId: number; driver: ConsoleDriverView; canChange: boolean }) {
  const path = `/fleets/${fleetId}/drivers/${encodeURIComponent(driver.id)}/sessions`;
  const sessions = useLoad(() => api<{ sessions: ConsoleDriverSessionView[] }>('GET', path), [path]);
  const { error, act } = useAction(sessions.reload);
  const revoke = (session: ConsoleDriverSessionView) => void act(() => api('DELETE', `${path}/${encodeURIComponent(session.id)}`));
  return (
    <td>
      <ErrorMessage error={error ?? sessions.error} />
      {sessions.data && sessions.data.sessions.length === 0 && 'Not signed in'}
      <ul className="devices">
        {sessions.data?.sessions.map((session) => (
          <li key={session.id}>
            <span title={session.device}>{session.device.slice(0, 60)}</span> · since {when(session.created_at)} · last used{' '}
            {when(session.last_used_at)}{' '}
            {canChange && (
              <button type="button" className="danger" onClick={() => revoke(session)} aria-label={`Sign ${driver.name}'s device out`}>
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
    </td>
  );
}

/**
 * A fleet's own drivers: who they are, the link and the one-time code they sign in with on
 * their phones, and the devices they are signed in on (docs/driver-app.md).
 */
export function DriversPage({ user }: { user: ConsoleUserView }) {
  const fleets = useLoad(() => api<{ fleets: ConsoleFleetView[] }>('GET', '/fleets'));
  const own = (fleets.data?.fleets ?? []).filter(hasDrivers);
  const [fleetId, setFleetId] = useState<number | null>(null);
  useEffect(() => {
    if (fleetId === null && own[0]) setFleetId(own[0].id);
  }, [own.length]);
  const drivers = useLoad(
    () =>
      fleetId === null
        ? Promise.resolve({ drivers: [], assignment: 'offer' })
        : api<{ drivers: ConsoleDriverView[]; assignment: string }>('GET', `/fleets/${fleetId}/drivers`),
    [fleetId],
  );
  const { error, act } = useAction(drivers.reload);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState<{ driver: string; code: string; expiresAt: string } | null>(null);
  const canChange = user.role !== 'viewer';
  const link = `${window.location.origin}/driver/?account=${encodeURIComponent(user.account_id)}`;

  const add = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      await api('POST', `/fleets/${fleetId}/drivers`, { name, phone, email: email || null });
      setName('');
      setPhone('');
      setEmail('');
    });
  };
  const signInCode = (driver: ConsoleDriverView) =>
    void act(async () => {
      const made = await api<{ code: string; expires_at: string }>(
        'POST',
        `/fleets/${fleetId}/drivers/${encodeURIComponent(driver.id)}/sign-in-code`,
      );
      setCode({ driver: driver.name, code: made.code, expiresAt: made.expires_at });
    });
  const setAssignment = (assignment: string) => void act(() => api('PUT', `/fleets/${fleetId}/driver-assignment`, { assignment }));
  const remove = (driver: ConsoleDriverView) => {
    if (!window.confirm(`Remove ${driver.name}? Every device of theirs is signed out at once.`)) return;
    void act(() => api('DELETE', `/fleets/${fleetId}/drivers/${encodeURIComponent(driver.id)}`));
  };

  return (
    <section aria-labelledby="drivers-title">
      <h2 id="drivers-title">Drivers</h2>
      <p>
        Your own fleets' drivers sign in on their phones at <a href={link}>{link}</a> with their phone number and a one-time code: sent by
        SMS when messages to recipients go by SMS, or made here for you to read out.
      </p>
      <ErrorMessage error={error ?? fleets.error ?? drivers.error} />
      {fleets.data && own.length === 0 && <p>No fleet of yours has drivers of its own: a courier network's come with its own app.</p>}
      {own.length > 0 && (
        <>
          <label htmlFor="drivers-fleet">Fleet</label>
          <select id="drivers-fleet" value={fleetId ?? ''} onChange={(e) => setFleetId(Number(e.target.value))}>
            {own.map((fleet) => (
              <option key={fleet.id} value={fleet.id}>
                {fleet.name}
              </option>
            ))}
          </select>
        </>
      )}
      {fleetId !== null && drivers.data && (
        <>
          <label htmlFor="drivers-assignment">Its tasks reach its drivers</label>
          <select
            id="drivers-assignment"
            disabled={!canChange}
            value={drivers.data.assignment}
            onChange={(e) => setAssignment(e.target.value)}
          >
            <option value="offer">offered to all of them: the first to accept takes it</option>
            <option value="dispatcher">assigned by a dispatcher, on the delivery's page</option>
          </select>
        </>
      )}
      {code && (
        <section className="secret-once" role="status" aria-labelledby="sign-in-code-title">
          <h3 id="sign-in-code-title">Sign-in code for {code.driver}</h3>
          <p className="code">{code.code}</p>
          <p>
            Read it out to them: it works once, until {when(code.expiresAt)}, and replaces the one you made before.{' '}
            <button type="button" onClick={() => setCode(null)}>
              Done
            </button>
          </p>
        </section>
      )}
      {canChange && fleetId !== null && (
        <form onSubmit={add} aria-labelledby="add-driver-title">
          <h3 id="add-driver-title">Add a driver</h3>
          <label htmlFor="driver-name">Name</label>
          <input id="driver-name" required value={name} onChange={(e) => setName(e.target.value)} />
          <label htmlFor="driver-phone">Phone, in international form</label>
          <input
            id="driver-phone"
            type="tel"
            required
            placeholder="+1 217 555 0142"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <label htmlFor="driver-email">Email (optional)</label>
          <input id="driver-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          <button type="submit">Add driver</button>
        </form>
      )}
      {fleetId !== null && (
        <table>
          <caption>Drivers of the fleet, oldest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Phone</th>
              <th scope="col">Email</th>
              <th scope="col">Devices signed in</th>
              {canChange && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {drivers.data?.drivers.map((driver) => (
              <tr key={driver.id}>
                <td>{driver.name}</td>
                <td>{driver.phone}</td>
                <td>{driver.email ?? ''}</td>
                <Devices fleetId={fleetId} driver={driver} canChange={canChange} />
                {canChange && (
                  <td>
                    <button type="button" onClick={() => signInCode(driver)} aria-label={`Sign-in code for ${driver.name}`}>
                      Sign-in code
                    </button>{' '}
                    <button type="button" className="danger" onClick={() => remove(driver)} aria-label={`Remove ${driver.name}`}>
                      Remove
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
