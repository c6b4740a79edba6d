import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { money, when } from '../format';
import { inWords } from './timeline-words';
import type { ConsoleDeliveryDetailView, ConsoleDriverView, ConsoleUserView, NoteView } from '../types';
import { useAction } from '../use-action';
import { useLoad } from '../use-load';
import { useRefresh } from '../use-refresh';
import { DeliveryLog } from './DeliveryLog';
import { DeliveryMap } from './DeliveryMap';
import { MessageLog } from './MessageLog';

type WayPoint = ConsoleDeliveryDetailView['delivery']['way_points'][number];

/** One delivery for support: its timeline, driver, way points with ETAs and proof, notes, label and webhooks. Refreshes by itself. */
export function DeliveryPage({ user, taskId }: { user: ConsoleUserView; taskId: string }) {
  const detail = useLoad(() => api<ConsoleDeliveryDetailView>('GET', `/deliveries/${encodeURIComponent(taskId)}`), [taskId]);
  useRefresh(detail.reload);
  const data = detail.data;
  return (
    <>
      <p>
        <a href="#/deliveries">← All deliveries</a>
      </p>
      <ErrorMessage error={detail.error} />
      {data && (
        <>
          <section aria-labelledby="delivery-title">
            <h2 id="delivery-title">
              Delivery <code>{data.delivery.task_id}</code>:{' '}
              <span className={`status-${data.delivery.status}`}>{data.delivery.status}</span>
            </h2>
            <dl className="facts">
              <dt>Order / fulfillment</dt>
              <dd>
                {data.delivery.orderId} / {data.delivery.fulfillmentId}
              </dd>
              <dt>Shipment</dt>
              <dd>{data.delivery.shipmentId}</dd>
              <dt>Fleet</dt>
              <dd>
                {data.delivery.fleet
                  ? `${data.delivery.fleet.name} (dispatched ${when(data.delivery.fleet.dispatched_at)})`
                  : 'not dispatched'}
              </dd>
              <dt>Driver</dt>
              <dd>
                {data.delivery.driver
                  ? [data.delivery.driver.name, data.delivery.driver.phone, data.delivery.driver.vehicle].filter(Boolean).join(' · ')
                  : 'not assigned yet'}
                {data.delivery.fleet && user.role !== 'viewer' && UNDER_WAY.includes(data.delivery.status) && (
                  <AssignDriver taskId={data.delivery.task_id} fleetId={data.delivery.fleet.id} assigned={detail.reload} />
                )}
              </dd>
              <dt>Charge</dt>
              <dd>{money(data.delivery.shippingCharge.totalCharge.amount, data.delivery.shippingCharge.totalCharge.currency, 'major')}</dd>
              {data.delivery.fleet?.fee != null && (
                <>
                  <dt>Fleet fee</dt>
                  <dd>{money(data.delivery.fleet.fee, data.delivery.fleet.currency_code, 'minor')}</dd>
                </>
              )}
              {data.delivery.reservation && (
                <>
                  <dt>Planned slot</dt>
                  <dd>
                    pickup {when(data.delivery.reservation.pickup_window.start_time)} –{' '}
                    {when(data.delivery.reservation.pickup_window.end_time)}; drop-off{' '}
                    {when(data.delivery.reservation.dropoff_window.start_time)} – {when(data.delivery.reservation.dropoff_window.end_time)}{' '}
                    with {data.delivery.reservation.fleet.name}
                  </dd>
                </>
              )}
              {data.rating && (
                <>
                  <dt>Recipient's rating</dt>
                  <dd>
                    {'★'.repeat(data.rating.stars)}
                    {'☆'.repeat(5 - data.rating.stars)} ({data.rating.stars} of 5){data.rating.comment ? `: ${data.rating.comment}` : ''}
                  </dd>
                </>
              )}
              {data.delivery.tracking_url && (
                <>
                  <dt>Tracking page</dt>
                  <dd>
                    <a href={data.delivery.tracking_url}>{data.delivery.tracking_url}</a>
                  </dd>
                </>
              )}
            </dl>
          </section>
          {data.map && <DeliveryMap map={data.map} />}
          {data.delivery.dispatch_decision && <DecisionView decision={data.delivery.dispatch_decision} />}
          <section aria-labelledby="timeline-title">
            <h2 id="timeline-title">Timeline</h2>
            <ol className="timeline">
              {data.timeline.map((step, i) => (
                <li key={i}>
                  <time dateTime={step.at}>{when(step.at)}</time> {inWords(step.event)}
                </li>
              ))}
            </ol>
          </section>
          <section aria-labelledby="way-points-title">
            <h2 id="way-points-title">Way points</h2>
            {data.delivery.way_points.map((w) => (
              <WayPointView key={w.id} wayPoint={w} />
            ))}
          </section>
          {data.label && (
            <section aria-labelledby="label-title">
              <h2 id="label-title">Label</h2>
              <div className="label-images">
                {data.label_svg.map((svg, index) => (
                  <img
                    key={index}
                    src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
                    alt={`Shipping label, package ${index + 1} of ${data.label_svg.length}`}
                  />
                ))}
              </div>
              <details>
                <summary>ZPL II, as sent to the printer</summary>
                <pre className="label" tabIndex={0} aria-label="ZPL II label">
                  {data.label}
                </pre>
              </details>
            </section>
          )}
        </>
      )}
      <MessageLog taskId={taskId} />
      <DeliveryLog endpoints={[]} canChange={user.role !== 'viewer'} taskId={taskId} />
    </>
  );
}

type Decision = NonNullable<ConsoleDeliveryDetailView['delivery']['dispatch_decision']>;
const OUTCOME = { chosen: 'chosen', fallback: 'next if declined', passed_over: 'passed over', rejected: 'refused it' } as const;

/** A delivery's states in which its fleet's drivers can still be changed: dispatched, and up to the pickup. */
const UNDER_WAY = ['dispatched', 'assigned', 'en_route_to_pickup', 'at_pickup'];

/**
 * The dispatcher hands the delivery to one of its fleet's own drivers (docs/driver-app.md);
 * nothing shows for a fleet without drivers of ours (a courier network's).
 */
function AssignDriver({ taskId, fleetId, assigned }: { taskId: string; fleetId: number; assigned: () => Promise<unknown> }) {
  const drivers = useLoad(
    () => api<{ drivers: ConsoleDriverView[] }>('GET', `/fleets/${fleetId}/drivers`).catch(() => ({ drivers: [] })),
    [fleetId],
  );
  const { error, act } = useAction(assigned);
  const [driverId, setDriverId] = useState('');
  if (!drivers.data || drivers.data.drivers.length === 0) return null;
  const assign = (event: FormEvent) => {
    event.preventDefault();
    void act(() => api('POST', `/deliveries/${encodeURIComponent(taskId)}/driver`, { driver_id: driverId }));
  };
  return (
    <form className="inline" onSubmit={assign}>
      <ErrorMessage error={error} />
      <label htmlFor="assign-driver">Hand to</label>
      <select id="assign-driver" required value={driverId} onChange={(e) => setDriverId(e.target.value)}>
        <option value="">a driver of the fleet…</option>
        {drivers.data.drivers.map((driver) => (
          <option key={driver.id} value={driver.id}>
            {driver.name}
          </option>
        ))}
      </select>
      <button type="submit">Assign</button>
    </form>
  );
}

/** How the fleet was chosen: every fleet weighed, in rank order, with its fee and why. */
function DecisionView({ decision }: { decision: Decision }) {
  return (
    <section aria-labelledby="decision-title">
      <h2 id="decision-title">Dispatch decision ({decision.strategy})</h2>
      <table>
        <thead>
          <tr>
            <th>Fleet</th>
            <th>Outcome</th>
            <th>Fee</th>
            <th>Drop-off by</th>
            <th>Why</th>
          </tr>
        </thead>
        <tbody>
          {decision.candidates.map((c) => (
            <tr key={c.fleet_id}>
              <td>{c.fleet_name}</td>
              <td>{OUTCOME[c.outcome]}</td>
              <td>{money(c.fee, c.currency_code, 'minor')}</td>
              <td>{when(c.dropoff_window?.end_time)}</td>
              <td>{c.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function WayPointView({ wayPoint: w }: { wayPoint: WayPoint }) {
  const pod = w.proof_of_delivery;
  return (
    <article className="way-point" aria-label={`${w.type} way point`}>
      <h3>{w.type === 'pickup' ? 'Pickup' : 'Drop-off'}</h3>
      <p>
        {w.contact.personName ?? '—'}, {[...w.address.streetLines, w.address.city, w.address.postalCode].filter(Boolean).join(', ')}
      </p>
      <dl className="facts">
        <dt>ETA</dt>
        <dd>{when(w.eta)}</dd>
        <dt>Arrived</dt>
        <dd>{when(w.arrived_at)}</dd>
        <dt>Completed</dt>
        <dd>{when(w.completed_at)}</dd>
        {w.failure && (
          <>
            <dt>Failed</dt>
            <dd>
              {when(w.failure.at)}: {w.failure.reason}
              {w.failure.code && w.failure.code !== 'other' && ` (${w.failure.code.replaceAll('_', ' ')})`}
            </dd>
          </>
        )}
        {pod && (
          <>
            <dt>Proof of delivery</dt>
            <dd>{[pod.recipient_name && `received by ${pod.recipient_name}`, pod.note].filter(Boolean).join(' · ') || 'given'}</dd>
          </>
        )}
      </dl>
      <h4>Notes for the driver</h4>
      {w.notes === null && <p>The notes cannot be read just now.</p>}
      {w.notes?.length === 0 && <p>No notes.</p>}
      <ul className="notes">
        {w.notes?.map((note) => (
          <li key={note.id}>
            <NoteBody note={note} /> <small>({when(note.created_at)})</small>
          </li>
        ))}
      </ul>
    </article>
  );
}

/** Text as text, tables as tables, HTML as the notes service sanitized it when it was added (and the page's CSP runs no inline script). */
function NoteBody({ note }: { note: NoteView }) {
  if (note.type === 1 && Array.isArray(note.note)) {
    const [header = [], ...rows] = note.note;
    return (
      <table className="note-table">
        <thead>
          <tr>
            {header.map((cell, i) => (
              <th key={i} scope="col">
                {String(cell)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, r) => (
            <tr key={r}>
              {row.map((cell, i) => (
                <td key={i}>{String(cell)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  if (note.type === 2 && typeof note.note === 'string') {
    return <span className="html-note" dangerouslySetInnerHTML={{ __html: note.note }} />;
  }
  return <span>{String(note.note)}</span>;
}
