import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { SecretOnce } from '../components/SecretOnce';
import { when } from '../format';
import { useAction } from '../use-action';
import type { ConsoleClientAppView, ConsoleUserView } from '../types';
import { useLoad } from '../use-load';
import { UsageSection } from './UsageSection';

type Issued = { app: ConsoleClientAppView; client_secret: string };

/** Integrations → API (spec 5.1): the account's apps; add one, regenerate its secret, delete it. */
export function AppsPage({ user }: { user: ConsoleUserView }) {
  const apps = useLoad(() => api<{ apps: ConsoleClientAppView[] }>('GET', '/apps'));
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<Issued | null>(null);
  const { error, act } = useAction(apps.reload);
  const canChange = user.role !== 'viewer';

  const add = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      setIssued(await api<Issued>('POST', '/apps', { name }));
      setName('');
    });
  };
  const regenerate = (app: ConsoleClientAppView) => {
    if (!window.confirm(`Regenerate the secret of ${app.name}? The current secret and every token issued with it stop working at once.`))
      return;
    void act(async () => setIssued(await api<Issued>('POST', `/apps/${encodeURIComponent(app.client_id)}/secret`)));
  };
  const remove = (app: ConsoleClientAppView) => {
    if (!window.confirm(`Delete ${app.name}? Its secret and tokens stop working at once.`)) return;
    void act(() => api<void>('DELETE', `/apps/${encodeURIComponent(app.client_id)}`));
  };

  return (
    <>
      <section aria-labelledby="apps-title">
        <h2 id="apps-title">Integrations: API apps</h2>
        <p>An app's client ID and secret get access tokens for the API (OAuth 2.0 client credentials).</p>
        <ErrorMessage error={error ?? apps.error} />
        {issued && (
          <SecretOnce
            title={`Credentials of ${issued.app.name}`}
            fields={[
              { label: 'Client ID', value: issued.app.client_id },
              { label: 'Client Secret Key', value: issued.client_secret },
            ]}
            onDone={() => setIssued(null)}
          />
        )}
        {canChange && (
          <form className="inline" onSubmit={add}>
            <label htmlFor="app-name">App name</label>
            <input id="app-name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
            <button type="submit">Add app</button>
          </form>
        )}
        <table>
          <caption>Apps, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Client ID</th>
              <th scope="col">Created</th>
              <th scope="col">Secret made</th>
              {canChange && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {apps.data?.apps.map((app) => (
              <tr key={app.client_id}>
                <td>
                  {app.name}
                  {app.fleet_id !== null && <span className="tag"> fleet {app.fleet_id}</span>}
                </td>
                <td>
                  <code>{app.client_id}</code>
                </td>
                <td>{when(app.created_at)}</td>
                <td>{when(app.secret_rotated_at)}</td>
                {canChange &&
                  (app.managed_by === 'sandbox' ? (
                    <td>run by the sandbox fleet, remade at each start</td>
                  ) : (
                    <td>
                      <button type="button" onClick={() => regenerate(app)} aria-label={`Regenerate secret of ${app.name}`}>
                        Regenerate secret
                      </button>{' '}
                      <button type="button" className="danger" onClick={() => remove(app)} aria-label={`Delete ${app.name}`}>
                        Delete
                      </button>
                    </td>
                  ))}
              </tr>
            ))}
            {apps.data?.apps.length === 0 && (
              <tr>
                <td colSpan={5}>No apps yet.</td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
      <UsageSection />
    </>
  );
}
