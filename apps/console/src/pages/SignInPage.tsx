import { useState, type FormEvent } from 'react';
import { api, rememberSession } from '../api';
import { ErrorMessage } from '../components/ErrorMessage';
import { messageOf } from '../format';
import type { ConsoleSessionView } from '../types';

export function SignInPage({ onSignedIn }: { onSignedIn: (session: ConsoleSessionView) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      onSignedIn(rememberSession(await api<ConsoleSessionView>('POST', '/session', { email, password })));
    } catch (e) {
      setError(messageOf(e));
      setBusy(false);
    }
  };

  return (
    <main className="sign-in">
      <h1>Sign in to your account settings</h1>
      <form onSubmit={submit}>
        <label htmlFor="email">Email</label>
        <input id="email" type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <label htmlFor="password">Password</label>
        <input
          id="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <ErrorMessage error={error} />
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
    </main>
  );
}
