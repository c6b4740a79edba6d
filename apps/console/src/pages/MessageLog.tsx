import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { when } from '../format';
import type { ConsoleMessageView } from '../types';
import { useLoad } from '../use-load';
import { useRefresh } from '../use-refresh';

const MOMENT_WORDS: Record<ConsoleMessageView['moment'], string> = {
  reservation_confirmed: 'Booking confirmed',
  dispatched: 'Dispatched',
  on_the_way: 'Driver on the way',
  arriving_soon: 'Arriving soon',
  late: 'Running late',
  failed_attempt: 'Failed attempt',
  delivered: 'Delivered',
};

/** The messages told to the delivery's recipient: what was sent (or would have been), to whom (masked), and every status since. */
export function MessageLog({ taskId }: { taskId: string }) {
  const messages = useLoad(
    () => api<{ messages: ConsoleMessageView[] }>('GET', `/deliveries/${encodeURIComponent(taskId)}/messages`),
    [taskId],
  );
  useRefresh(messages.reload);
  const list = messages.data?.messages ?? [];
  return (
    <section aria-labelledby="messages-title">
      <h2 id="messages-title">Messages to the recipient</h2>
      <ErrorMessage error={messages.error} />
      {messages.data && list.length === 0 && <p>No message yet.</p>}
      {list.length > 0 && (
        <table className="messages">
          <thead>
            <tr>
              <th scope="col">Moment</th>
              <th scope="col">Channel</th>
              <th scope="col">To</th>
              <th scope="col">Status</th>
              <th scope="col">Text</th>
            </tr>
          </thead>
          <tbody>
            {list.map((m) => {
              const last = m.history[m.history.length - 1];
              return (
                <tr key={m.id} data-message={m.id}>
                  <td>{MOMENT_WORDS[m.moment]}</td>
                  <td>{m.channel === 'sms' ? 'SMS' : 'E-mail'}</td>
                  <td>{m.to ?? '—'}</td>
                  <td>
                    <span className={`status-${m.status}`}>{m.status.replace('_', ' ')}</span>
                    {last?.detail && <div className="detail">{last.detail}</div>}
                    <details>
                      <summary>{m.history.length} changes</summary>
                      <ol>
                        {m.history.map((change, i) => (
                          <li key={i}>
                            <time dateTime={change.at}>{when(change.at)}</time> {change.status}
                            {change.detail ? `: ${change.detail}` : ''}
                          </li>
                        ))}
                      </ol>
                    </details>
                  </td>
                  <td>
                    {m.subject && <strong>{m.subject}</strong>}
                    {m.body && <p className="message-body">{m.body}</p>}
                    {m.segments !== null && (
                      <small>
                        {m.segments} SMS segment{m.segments === 1 ? '' : 's'}
                      </small>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
