import { useState, type FormEvent } from 'react';
import { api } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { SecretOnce } from '../components/SecretOnce';
import { when } from '../format';
import { useAction } from '../use-action';
import type { ConsoleUserView } from '../types';
import { useLoad } from '../use-load';
import { PasswordSection } from './PasswordSection';

const ROLES = ['owner', 'admin', 'viewer'] as const;
type Listed = ConsoleUserView & { created_at: string };

/** The account's console users; an owner adds colleagues, changes their roles, resets their passwords and removes them. */
export function UsersPage({ user }: { user: ConsoleUserView }) {
  const users = useLoad(() => api<{ users: Listed[] }>('GET', '/users'));
  const { error, act } = useAction(users.reload);
  const [issued, setIssued] = useState<{ title: string; password: string } | null>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState<(typeof ROLES)[number]>('viewer');
  const isOwner = user.role === 'owner';

  const add = (event: FormEvent) => {
    event.preventDefault();
    void act(async () => {
      const added = await api<{ user: ConsoleUserView; password: string }>('POST', '/users', { email, name, role });
      setIssued({ title: `Password of ${added.user.email}`, password: added.password });
      setEmail('');
      setName('');
    });
  };
  const changeRole = (listed: Listed, next: string) =>
    void act(() => api('PUT', `/users/${encodeURIComponent(listed.id)}/role`, { role: next }));
  const resetPassword = (listed: Listed) => {
    if (!window.confirm(`Give ${listed.email} a new password? Their current one stops working and they are signed out.`)) return;
    void act(async () => {
      const reset = await api<{ password: string }>('POST', `/users/${encodeURIComponent(listed.id)}/password`);
      setIssued({ title: `New password of ${listed.email}`, password: reset.password });
    });
  };
  const remove = (listed: Listed) => {
    if (!window.confirm(`Remove ${listed.email}? They are signed out at once.`)) return;
    void act(() => api('DELETE', `/users/${encodeURIComponent(listed.id)}`));
  };

  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title">Users</h2>
      <p>Viewers read; admins also change the settings; owners also manage users.</p>
      <ErrorMessage error={error ?? users.error} />
      {issued && (
        <SecretOnce title={issued.title} fields={[{ label: 'Password', value: issued.password }]} onDone={() => setIssued(null)} />
      )}
      {isOwner && (
        <form onSubmit={add} aria-labelledby="add-user-title">
          <h3 id="add-user-title">Add a user</h3>
          <label htmlFor="user-email">Email</label>
          <input id="user-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          <label htmlFor="user-name">Name</label>
          <input id="user-name" required value={name} onChange={(e) => setName(e.target.value)} />
          <label htmlFor="user-role">Role</label>
          <select id="user-role" value={role} onChange={(e) => setRole(e.target.value as (typeof ROLES)[number])}>
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
          <button type="submit">Add user</button>
        </form>
      )}
      <table>
        <caption>Users, oldest first</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Role</th>
            <th scope="col">Added</th>
            {isOwner && <th scope="col">Actions</th>}
          </tr>
        </thead>
        <tbody>
          {users.data?.users.map((listed) => (
            <tr key={listed.id}>
              <td>{listed.name}</td>
              <td>{listed.email}</td>
              <td>
                {isOwner ? (
                  <select aria-label={`Role of ${listed.email}`} value={listed.role} onChange={(e) => changeRole(listed, e.target.value)}>
                    {ROLES.map((r) => (
                      <option key={r}>{r}</option>
                    ))}
                  </select>
                ) : (
                  listed.role
                )}
              </td>
              <td>{when(listed.created_at)}</td>
              {isOwner && (
                <td>
                  {listed.id !== user.id && (
                    <button type="button" onClick={() => resetPassword(listed)} aria-label={`Reset password of ${listed.email}`}>
                      Reset password
                    </button>
                  )}{' '}
                  <button type="button" className="danger" onClick={() => remove(listed)} aria-label={`Remove ${listed.email}`}>
                    Remove
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <PasswordSection />
    </section>
  );
}
