import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { api, rememberSession } from './api';
import { AppsPage } from './pages/AppsPage';
import { SignInPage } from './pages/SignInPage';
import { WebhooksPage } from './pages/WebhooksPage';
import type { ConsoleSessionView } from './types';

const PAGES = [
  { hash: '#/apps', title: 'API apps', Page: AppsPage },
  { hash: '#/webhooks', title: 'Webhooks', Page: WebhooksPage },
] as const;

/** The page in the address's fragment, so reloads and bookmarks keep it without server routes. */
function useHash() {
  const [hash, setHash] = useState(window.location.hash || PAGES[0].hash);
  useEffect(() => {
    const changed = () => setHash(window.location.hash || PAGES[0].hash);
    window.addEventListener('hashchange', changed);
    return () => window.removeEventListener('hashchange', changed);
  }, []);
  return hash;
}

function Console() {
  const [session, setSession] = useState<ConsoleSessionView | null | undefined>(undefined);
  const hash = useHash();

  useEffect(() => {
    api<ConsoleSessionView>('GET', '/session').then(
      (found) => setSession(rememberSession(found)),
      () => setSession(null),
    );
  }, []);

  if (session === undefined) return <p aria-busy="true">Loading…</p>;
  if (session === null) return <SignInPage onSignedIn={setSession} />;

  const current = PAGES.find((p) => p.hash === hash) ?? PAGES[0];
  const signOut = async () => {
    await api('DELETE', '/session').catch(() => undefined);
    setSession(null);
  };
  return (
    <>
      <header>
        <h1>Account settings</h1>
        <nav aria-label="Sections">
          {PAGES.map((page) => (
            <a key={page.hash} href={page.hash} aria-current={page === current ? 'page' : undefined}>
              {page.title}
            </a>
          ))}
        </nav>
        <p className="who">
          {session.user.name} ({session.user.role}) · account <code>{session.user.account_id}</code>{' '}
          <button type="button" onClick={signOut}>
            Sign out
          </button>
        </p>
      </header>
      <main>
        <current.Page user={session.user} />
      </main>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Console />
  </StrictMode>,
);
