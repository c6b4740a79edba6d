import { useState, type FormEvent } from 'react';
// The list alone, not the contracts' index: that would bundle every zod schema into the page.
import { WEBHOOK_EVENT_TYPES } from '../../../../libs/contracts/src/webhooks/webhook-event-types';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { SecretOnce } from '../components/SecretOnce';
import { when } from '../format';
import { useAction } from '../use-action';
import type { ConsoleUserView, ConsoleWebhookEndpointView } from '../types';
import { useLoad } from '../use-load';
import { DeliveryLog } from './DeliveryLog';

type Issued = { endpoint: ConsoleWebhookEndpointView; signing_secret: string };
type CredentialKind = 'keep' | 'none' | 'basic' | 'bearer' | 'headers' | 'oauth2';

/** The OAuth 2.0 fields, by their names in the console API. */
const OAUTH_FIELDS = [
  { name: 'token_url', label: 'Token URL', type: 'url', required: true },
  { name: 'client_id', label: 'Client id', type: 'text', required: true },
  { name: 'client_secret', label: 'Client secret', type: 'password', required: true },
  { name: 'scope', label: 'Scope (optional)', type: 'text', required: false },
  { name: 'username', label: 'User name, for the password grant (optional)', type: 'text', required: false },
  { name: 'password', label: 'Password, for the password grant (optional)', type: 'password', required: false },
] as const;
type OAuthField = (typeof OAUTH_FIELDS)[number]['name'];

/** Spec 1.7: where webhooks go, for which events, with which credentials, signed with which secret. */
export function WebhooksPage({ user }: { user: ConsoleUserView }) {
  const endpoints = useLoad(() => api<{ endpoints: ConsoleWebhookEndpointView[] }>('GET', '/webhooks'));
  const [issued, setIssued] = useState<Issued | null>(null);
  const [editing, setEditing] = useState<ConsoleWebhookEndpointView | null>(null);
  // A new key gives an empty form once a save is done; a refused one keeps what was typed.
  const [saved, setSaved] = useState(0);
  const { error, act } = useAction(endpoints.reload);
  const canChange = user.role !== 'viewer';
  const rotate = (endpoint: ConsoleWebhookEndpointView) => {
    if (!window.confirm(`Rotate the signing secret of ${endpoint.url}? The current secret keeps signing for 24 hours.`)) return;
    void act(async () => setIssued(await api<Issued>('POST', `/webhooks/${encodeURIComponent(endpoint.id)}/secret`, {})));
  };
  const save = (body: unknown) =>
    act(async () => {
      if (editing) await api('PATCH', `/webhooks/${encodeURIComponent(editing.id)}`, body);
      else setIssued(await api<Issued>('POST', '/webhooks', body));
      setEditing(null);
      setSaved((n) => n + 1);
    });
  const setEnabled = (endpoint: ConsoleWebhookEndpointView, enabled: boolean) => {
    if (!enabled && !window.confirm(`Stop sending to ${endpoint.url}? Webhooks due meanwhile fail and can be replayed.`)) return;
    void act(() => api('PATCH', `/webhooks/${encodeURIComponent(endpoint.id)}`, { enabled }));
  };
  const remove = (endpoint: ConsoleWebhookEndpointView) => {
    if (!window.confirm(`Delete the endpoint ${endpoint.url}? Its pending webhooks will not be sent.`)) return;
    void act(() => api<void>('DELETE', `/webhooks/${encodeURIComponent(endpoint.id)}`));
  };

  return (
    <>
      <section aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Webhook endpoints</h2>
        <ErrorMessage error={error ?? endpoints.error} />
        {issued && (
          <SecretOnce
            title={`Signing secret of ${issued.endpoint.url}`}
            fields={[{ label: 'Signing secret', value: issued.signing_secret }]}
            onDone={() => setIssued(null)}
          />
        )}
        {canChange && (
          <EndpointForm key={editing?.id ?? `new-${saved}`} editing={editing} onSave={save} onCancel={() => setEditing(null)} />
        )}
        <table>
          <caption>Endpoints</caption>
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Events</th>
              <th scope="col">Credentials</th>
              <th scope="col">Signing secrets</th>
              <th scope="col">State</th>
              {canChange && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {endpoints.data?.endpoints.map((endpoint) => (
              <tr key={endpoint.id}>
                <td>
                  <code>{endpoint.url}</code>
                </td>
                <td>{endpoint.event_types.length === WEBHOOK_EVENT_TYPES.length ? 'all' : endpoint.event_types.join(', ')}</td>
                <td>{endpoint.credentials}</td>
                <td>
                  {endpoint.secrets.map((s) => (
                    <div key={s.id}>
                      <code>{s.id}</code> {s.expires_at ? `until ${when(s.expires_at)}` : 'current'}
                    </div>
                  ))}
                </td>
                <td>{endpoint.disabled_at ? `disabled: ${endpoint.disabled_reason ?? ''}` : 'active'}</td>
                {canChange && (
                  <td>
                    <button type="button" onClick={() => setEditing(endpoint)} aria-label={`Edit ${endpoint.url}`}>
                      Edit
                    </button>{' '}
                    {endpoint.disabled_at ? (
                      <button type="button" onClick={() => setEnabled(endpoint, true)} aria-label={`Enable ${endpoint.url}`}>
                        Enable
                      </button>
                    ) : (
                      <button type="button" onClick={() => setEnabled(endpoint, false)} aria-label={`Disable ${endpoint.url}`}>
                        Disable
                      </button>
                    )}{' '}
                    <button type="button" onClick={() => rotate(endpoint)} aria-label={`Rotate secret of ${endpoint.url}`}>
                      Rotate secret
                    </button>{' '}
                    <button type="button" className="danger" onClick={() => remove(endpoint)} aria-label={`Delete ${endpoint.url}`}>
                      Delete
                    </button>
                  </td>
                )}
              </tr>
            ))}
            {endpoints.data?.endpoints.length === 0 && (
              <tr>
                <td colSpan={6}>No endpoints yet.</td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
      <DeliveryLog endpoints={endpoints.data?.endpoints ?? []} canChange={canChange} />
    </>
  );
}

/** Adds an endpoint, or changes the one being edited: its credentials are kept unless new ones are given. */
function EndpointForm({
  editing,
  onSave,
  onCancel,
}: {
  editing: ConsoleWebhookEndpointView | null;
  onSave: (body: unknown) => Promise<unknown>;
  onCancel: () => void;
}) {
  const everyType = editing?.event_types.length === WEBHOOK_EVENT_TYPES.length;
  const [url, setUrl] = useState(editing?.url ?? '');
  const [types, setTypes] = useState<string[]>(editing && !everyType ? editing.event_types : []);
  const [kind, setKind] = useState<CredentialKind>(editing ? 'keep' : 'none');
  const [first, setFirst] = useState('');
  const [second, setSecond] = useState('');
  const [oauth, setOAuth] = useState<Partial<Record<OAuthField, string>>>({});

  const credentials = () => {
    if (kind === 'basic') return { kind, username: first, password: second };
    if (kind === 'bearer') return { kind, token: first };
    if (kind === 'headers') return { kind, headers: { [first]: second } };
    // Fields left empty are left out: client credentials, no scope.
    if (kind === 'oauth2') return { kind, ...Object.fromEntries(Object.entries(oauth).filter(([, value]) => value)) };
    return { kind };
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await onSave({ url, event_types: types, ...(kind !== 'keep' && { credentials: credentials() }) });
  };
  const toggle = (type: string) => setTypes((now) => (now.includes(type) ? now.filter((t) => t !== type) : [...now, type]));

  return (
    <form onSubmit={submit} aria-labelledby="endpoint-form-title">
      <h3 id="endpoint-form-title">{editing ? `Change ${editing.url}` : 'Add an endpoint'}</h3>
      <label htmlFor="endpoint-url">URL</label>
      <input
        id="endpoint-url"
        // Edit was pressed in the table below: take the keyboard to what it opened.
        autoFocus={editing !== null}
        type="url"
        required
        placeholder="https://oms.example.com/webhooks"
        value={url}
        onChange={(e) => setUrl(e.target.value)}
      />
      <fieldset>
        <legend>Events (none ticked: all of them)</legend>
        <div className="checkboxes">
          {WEBHOOK_EVENT_TYPES.map((type) => (
            <label key={type}>
              <input type="checkbox" checked={types.includes(type)} onChange={() => toggle(type)} /> {type}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor="endpoint-credentials">Credentials our webhooks carry</label>
      <select id="endpoint-credentials" value={kind} onChange={(e) => setKind(e.target.value as CredentialKind)}>
        {editing && <option value="keep">Keep the current ones ({editing.credentials})</option>}
        <option value="none">None (the signature only)</option>
        <option value="basic">HTTP Basic</option>
        <option value="bearer">Bearer token</option>
        <option value="headers">A header of your own</option>
        <option value="oauth2">OAuth 2.0 (a token from your token URL)</option>
      </select>
      {kind === 'oauth2' &&
        OAUTH_FIELDS.map((field) => (
          <div key={field.name}>
            <label htmlFor={`oauth-${field.name}`}>{field.label}</label>
            <input
              id={`oauth-${field.name}`}
              type={field.type}
              required={field.required}
              value={oauth[field.name] ?? ''}
              onChange={(e) => setOAuth((now) => ({ ...now, [field.name]: e.target.value }))}
            />
          </div>
        ))}
      {kind !== 'none' && kind !== 'keep' && kind !== 'oauth2' && (
        <>
          <label htmlFor="credential-first">{kind === 'basic' ? 'User name' : kind === 'bearer' ? 'Token' : 'Header name'}</label>
          <input id="credential-first" required value={first} onChange={(e) => setFirst(e.target.value)} />
        </>
      )}
      {(kind === 'basic' || kind === 'headers') && (
        <>
          <label htmlFor="credential-second">{kind === 'basic' ? 'Password' : 'Header value'}</label>
          <input
            id="credential-second"
            type={kind === 'basic' ? 'password' : 'text'}
            required
            value={second}
            onChange={(e) => setSecond(e.target.value)}
          />
        </>
      )}
      <button type="submit">{editing ? 'Save endpoint' : 'Add endpoint'}</button>
      {editing && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}
