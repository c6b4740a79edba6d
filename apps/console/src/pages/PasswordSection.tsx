import { useState, type FormEvent } from 'react';
import { api, rememberSession } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { useAction } from '../use-action';
import type { ConsoleSessionView } from '../types';

/** The signed-in user's own password; the answer is a new session, since every other one of theirs ends. */
export function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { error, act } = useAction();
  const [changed, setChanged] = useState(false);

  const change = async (event: FormEvent) => {
    event.preventDefault();
    setChanged(false);
    const done = await act(async () =>
      rememberSession(await api<ConsoleSessionView>('PUT', '/session/password', { current_password: current, new_password: next })),
    );
    if (!done) return;
    setChanged(true);
    setCurrent('');
    setNext('');
  };

  return (
    <form onSubmit={change} aria-labelledby="password-title">
      <h3 id="password-title">Your password</h3>
      <ErrorMessage error={error} />
      {changed && <p role="status">Your password is changed. Your other sessions have ended.</p>}
      <label htmlFor="current-password">Current password</label>
      <input
        id="current-password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <label htmlFor="new-password">New password (at least 12 characters)</label>
      <input
        id="new-password"
        type="password"
        autoComplete="new-password"
        required
        minLength={12}
        value={next}
        onChange={(e) => setNext(e.target.value)}
      />
      <button type="submit">Change password</button>
    </form>
  );
}
