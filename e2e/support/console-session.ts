import { accountSettings, type UserRole } from '@delivery/accounts';
import { STRICT_OUTBOUND_POLICY } from '@delivery/outbound';
import { call, type Harness } from './standalone-harness';

export const CONSOLE_PASSWORD = 'correct horse battery staple';

let users = 0;

/** A console user of the account (the demo account unless given), made as the admin CLI makes one. */
export async function aConsoleUser(harness: Harness, role: UserRole = 'owner', accountId = harness.demo.accountId) {
  const email = `user${++users}-${role}@retailer.example`;
  const settings = accountSettings({ accounts: harness.running.accounts, clock: harness.clock, urlPolicy: STRICT_OUTBOUND_POLICY });
  return settings.createAccountUser({ accountId, email, name: `User ${users}`, role, password: CONSOLE_PASSWORD });
}

export async function signIn(harness: Harness, email: string, password = CONSOLE_PASSWORD) {
  const answer = await call(harness, 'POST', '/console/api/session', { json: { email, password } });
  const cookie = /console_session=([^;]+)/.exec(answer.headers.get('set-cookie') ?? '')?.[1];
  return { answer, cookie, csrf: answer.body?.csrf_token as string | undefined };
}

/** A signed-in user: `as` calls with the session cookie, and sends changes with the session's CSRF token unless told otherwise. */
export async function consoleSession(harness: Harness, role: UserRole = 'owner', accountId?: string) {
  const user = await aConsoleUser(harness, role, accountId);
  const { cookie, csrf } = await signIn(harness, user.email);
  const as = (method: string, path: string, options: { json?: unknown; csrf?: string | null } = {}) =>
    call(harness, method, path, {
      json: options.json,
      headers: {
        cookie: `console_session=${cookie}`,
        ...(options.csrf !== null && method !== 'GET' && { 'x-csrf-token': options.csrf ?? csrf! }),
      },
    });
  return { user, cookie: cookie!, csrf: csrf!, as };
}
