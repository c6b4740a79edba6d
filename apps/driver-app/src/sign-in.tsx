import { useState } from 'preact/hooks';
import { call, Offline, reasonOf, useCsrfToken } from './api';
import type { DriverSessionView, SignedInDriver } from './types';

/**
 * The account the app's link names (`/driver/?account=…`, the link the dispatcher hands
 * drivers), remembered for the installed app, which opens at `/driver/`.
 */
export function accountOfLink(): string {
  const named = new URLSearchParams(location.search).get('account');
  if (named) localStorage.setItem('account', named);
  return named ?? localStorage.getItem('account') ?? '';
}

/** Phone, then the one-time code: by SMS, or read out by the dispatcher. */
export function SignIn({ signedIn }: { signedIn: (driver: SignedInDriver) => void }) {
  const account = accountOfLink();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (failure) {
      setError(failure instanceof Offline ? 'No network: try again when you have a signal.' : String(failure));
    } finally {
      setBusy(false);
    }
  };
  const askCode = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const answer = await call<{ message: string }>('POST', '/sign-in/code', { json: { account, phone } });
      if (answer.status !== 202) return setError(reasonOf(answer));
      setAsked(answer.body.message);
    });
  };
  const signIn = (event: Event) => {
    event.preventDefault();
    void run(async () => {
      const answer = await call<DriverSessionView>('POST', '/session', { json: { account, phone, code } });
      if (answer.status !== 200) return setError(reasonOf(answer));
      useCsrfToken(answer.body.csrf_token);
      signedIn(answer.body.driver);
    });
  };

  if (!account) {
    return (
      <main class="narrow">
        <h1>Driver sign-in</h1>
        <p role="alert">This link names no account: open the link your dispatcher gave you.</p>
      </main>
    );
  }
  return (
    <main class="narrow">
      <h1>Driver sign-in</h1>
      <form onSubmit={askCode}>
        <label for="phone">Your phone number</label>
        <input
          id="phone"
          type="tel"
          autocomplete="tel"
          inputMode="tel"
          required
          value={phone}
          onInput={(e) => setPhone(e.currentTarget.value)}
          placeholder="+1 217 555 0142"
        />
        <button type="submit" disabled={busy || !phone}>
          Send me a code
        </button>
      </form>
      {asked && <p role="status">{asked}</p>}
      <form onSubmit={signIn}>
        <label for="code">Sign-in code</label>
        <input
          id="code"
          inputMode="numeric"
          autocomplete="one-time-code"
          pattern="[0-9]*"
          maxLength={12}
          required
          value={code}
          onInput={(e) => setCode(e.currentTarget.value)}
        />
        <button type="submit" disabled={busy || !phone || !code}>
          Sign in
        </button>
      </form>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
    </main>
  );
}
