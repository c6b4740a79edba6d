import { StrictMode, useEffect, useState, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { api, rememberSession } from './api';
import { AppsPage } from './pages/AppsPage';
import { SignInPage } from './pages/SignInPage';
import { WebhooksPage } from './pages/WebhooksPage';
import { NotificationsPage } from './pages/NotificationsPage';
import { CarriersPage } from './pages/CarriersPage';
import { DeliveriesPage } from './pages/DeliveriesPage';
import { UsersPage } from './pages/UsersPage';
import { DriversPage } from './pages/DriversPage';
import { DeliveryPage } from './pages/DeliveryPage';
import type { ConsoleSessionView, ConsoleUserView } from './types';

/** The sections, each with the page its fragment shows; the first is where the console opens. */
const PAGES: { hash: string; title: string; render: (user: ConsoleUserView) => ReactElement }[] = [
  { hash: '#/deliveries', title: 'Deliveries', render: () => <DeliveriesPage /> },
  { hash: '#/apps', title: 'API apps', render: (user) => <AppsPage user={user} /> },
  { hash: '#/webhooks', title: 'Webhooks', render: (user) => <WebhooksPage user={user} /> },
  { hash: '#/notifications', title: 'Messages to recipients', render: (user) => <NotificationsPage user={user} /> },
  { hash: '#/carriers', title: 'Carriers and fleets', render: (user) => <CarriersPage user={user} /> },
  { hash: '#/drivers', title: 'Drivers', render: (user) => <DriversPage user={user} /> },
  { hash: '#/users', title: 'Users', render: (user) => <UsersPage user={user} /> },
];

/** The page a fragment names: `#/deliveries/{task id}` is one delivery. */
function PageAt({ hash, user }: { hash: string; user: ConsoleUserView }) {
  const delivery = /^#\/deliveries\/([^/]+)$/.exec(hash);
  if (delivery) return <DeliveryPage user={user} taskId={decodeURIComponent(delivery[1]!)} />;
  return (PAGES.find((p) => p.hash === hash) ?? PAGES[0]!).render(user);
}

/** The page in the address's fragment, so reloads and bookmarks keep it without server routes. */
function useHash() {
  const [hash, setHash] = useState(window.location.hash || PAGES[0]!.hash);
  useEffect(() => {
    const changed = () => setHash(window.location.hash || PAGES[0]!.hash);
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

  const current = PAGES.find((p) => hash.startsWith(p.hash)) ?? PAGES[0]!;
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
        <PageAt hash={hash} user={session.user} />
      </main>
    </>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Console />
  </StrictMode>,
);
