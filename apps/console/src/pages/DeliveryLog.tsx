import { useState } from 'react';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { when } from '../format';
import { useAction } from '../use-action';
import type { ConsoleWebhookEndpointView, WebhookDeliveryView } from '../types';
import { useLoad } from '../use-load';
import { useRefresh } from '../use-refresh';

const REPLAYABLE = new Set(['failed', 'dead']);

/** Every webhook sent, newest first, with each try; failed ones can be sent again. Refreshes by itself. */
export function DeliveryLog({
  endpoints,
  canChange,
  taskId,
}: {
  endpoints: ConsoleWebhookEndpointView[];
  canChange: boolean;
  /** Only the webhooks about this task. */
  taskId?: string;
}) {
  const [endpointId, setEndpointId] = useState('');
  const [status, setStatus] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const query = new URLSearchParams({
    limit: '100',
    ...(endpointId && { endpoint_id: endpointId }),
    ...(status && { status }),
    ...(taskId && { task_id: taskId }),
  });
  const deliveries = useLoad(
    () => api<{ deliveries: WebhookDeliveryView[] }>('GET', `/webhook-deliveries?${query}`),
    [endpointId, status, taskId],
  );
  useRefresh(deliveries.reload);
  const { error, act } = useAction(deliveries.reload);

  const replay = (delivery: WebhookDeliveryView) =>
    act(async () => {
      await api('POST', `/webhook-deliveries/${encodeURIComponent(delivery.id)}/replay`);
      setNotice(`Sending ${delivery.event_type} again.`);
    });
  const replayFailed = () =>
    act(async () => {
      if (!endpointId) return;
      const since = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString();
      const { replayed } = await api<{ replayed: number }>('POST', `/webhooks/${encodeURIComponent(endpointId)}/replay-failed`, { since });
      setNotice(`Sending ${replayed} failed ${replayed === 1 ? 'delivery' : 'deliveries'} again.`);
    });

  return (
    <section aria-labelledby="deliveries-title">
      <h2 id="deliveries-title">{taskId ? 'Webhooks sent about this delivery' : 'Delivery log'}</h2>
      {!taskId && (
        <div className="filters">
          <label htmlFor="log-endpoint">Endpoint</label>
          <select id="log-endpoint" value={endpointId} onChange={(e) => setEndpointId(e.target.value)}>
            <option value="">All endpoints</option>
            {endpoints.map((endpoint) => (
              <option key={endpoint.id} value={endpoint.id}>
                {endpoint.url}
              </option>
            ))}
          </select>
          <label htmlFor="log-status">Status</label>
          <select id="log-status" value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">Any</option>
            {['pending', 'delivered', 'failed', 'dead'].map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
          {canChange && endpointId && (
            <button type="button" onClick={replayFailed}>
              Replay all failed of the last day
            </button>
          )}
        </div>
      )}
      <ErrorMessage error={error ?? deliveries.error} />
      {notice && <p role="status">{notice}</p>}
      <table>
        <caption>Webhooks sent, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Created</th>
            <th scope="col">Event</th>
            <th scope="col">Task</th>
            <th scope="col">Status</th>
            <th scope="col">Tries (time, answer, latency, error)</th>
            {canChange && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {deliveries.data?.deliveries.map((delivery) => (
            <tr key={delivery.id} data-delivery={delivery.id}>
              <td>{when(delivery.created_at)}</td>
              <td>{delivery.event_type}</td>
              <td>
                <code>{delivery.task_id}</code>
              </td>
              <td className={`status-${delivery.status}`}>{delivery.status}</td>
              <td>
                <ol className="attempts">
                  {delivery.attempts.map((attempt, i) => (
                    <li key={i}>
                      {when(attempt.at)} · {attempt.status_code ?? 'no answer'} · {attempt.latency_ms} ms
                      {attempt.error ? ` · ${attempt.error}` : ''}
                    </li>
                  ))}
                </ol>
              </td>
              {canChange && (
                <td>
                  {REPLAYABLE.has(delivery.status) && (
                    <button
                      type="button"
                      onClick={() => replay(delivery)}
                      aria-label={`Replay ${delivery.event_type} of ${delivery.task_id}`}
                    >
                      Replay
                    </button>
                  )}
                </td>
              )}
            </tr>
          ))}
          {deliveries.data?.deliveries.length === 0 && (
            <tr>
              <td colSpan={6}>No webhooks sent yet.</td>
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
