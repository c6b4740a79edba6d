import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { useLoad } from '../use-load';
import { useRefresh } from '../use-refresh';

type Usage = {
  limits: { per_app_per_minute: number; per_account_per_minute: number };
  apps: { client_id: string; name: string; requests: number; errors: number; rate_limited: number }[];
};

/** Rate limits, and each app's requests, errors and 429s over the last day. */
export function UsageSection() {
  const usage = useLoad(() => api<Usage>('GET', '/usage'));
  useRefresh(usage.reload);
  const data = usage.data;
  return (
    <section aria-labelledby="usage-title">
      <h2 id="usage-title">API usage, last 24 hours</h2>
      <ErrorMessage error={usage.error} />
      {data && (
        <>
          <p>
            Limits: {data.limits.per_app_per_minute.toLocaleString()} requests a minute per app,{' '}
            {data.limits.per_account_per_minute.toLocaleString()} for the whole account. Past them, calls are answered 429 with Retry-After.
          </p>
          <table>
            <caption>Requests per app</caption>
            <thead>
              <tr>
                <th scope="col">App</th>
                <th scope="col">Requests</th>
                <th scope="col">Errors (4xx, 5xx)</th>
                <th scope="col">Refused for the rate limit (429)</th>
              </tr>
            </thead>
            <tbody>
              {data.apps.map((app) => (
                <tr key={app.client_id}>
                  <td>
                    {app.name} <code>{app.client_id}</code>
                  </td>
                  <td>{app.requests.toLocaleString()}</td>
                  <td>{app.errors.toLocaleString()}</td>
                  <td>{app.rate_limited.toLocaleString()}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
