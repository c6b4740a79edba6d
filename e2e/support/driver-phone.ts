import { randomUUID } from 'node:crypto';
import { driverTaskListSchema } from '@delivery/contracts';
import type { consoleSession } from './console-session';
import { call, type Harness } from './standalone-harness';

/** The user agent of the phone the tests sign in on. */
export const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

let addresses = 0;

/**
 * A driver's phone on the network: every call from an address of its own (X-Forwarded-For,
 * behind the one proxy the harness trusts), with the session cookie and CSRF token once signed in.
 */
export function aDriverPhone(harness: Harness) {
  const address = `198.51.100.${++addresses}`;
  let cookie: string | null = null;
  let csrf: string | null = null;
  const as = async (method: string, path: string, json?: unknown, headers: Record<string, string> = {}, raw?: Buffer) => {
    let answer = await once(method, path, json, headers, raw);
    // A driver's calls are paced (30 a second, a few at once): as the app, wait as told and send again.
    while (answer.status === 429 && answer.body?.details?.reason?.startsWith('Too many requests for this user')) {
      await new Promise((resolve) => setTimeout(resolve, Number(answer.headers.get('retry-after') ?? 1) * 1000));
      answer = await once(method, path, json, headers, raw);
    }
    return answer;
  };
  const once = async (method: string, path: string, json: unknown, headers: Record<string, string>, raw?: Buffer) => {
    const answer = await call(harness, method, path, {
      json,
      raw,
      headers: {
        'x-forwarded-for': address,
        'user-agent': PHONE_UA,
        ...(cookie && { cookie: `driver_session=${cookie}` }),
        ...(cookie && method !== 'GET' && csrf && { 'x-csrf-token': csrf }),
        ...headers,
      },
    });
    const set = /driver_session=([^;]*)/.exec(answer.headers.get('set-cookie') ?? '')?.[1];
    if (set !== undefined) cookie = set || null;
    if (answer.status === 200 && answer.body?.csrf_token) csrf = answer.body.csrf_token as string;
    return answer;
  };
  return {
    as,
    askCode: (phone: string, account = 'demo') => as('POST', '/driver/api/sign-in/code', { account, phone }),
    signIn: (phone: string, code: string, account = 'demo') => as('POST', '/driver/api/session', { account, phone, code }),
    cookie: () => cookie,
  };
}

let phones = 0;

/** A driver of the fleet, added in the console by `admin` and signed in on a phone of their own with a code the dispatcher made. */
export async function aSignedInDriverOf(
  harness: Harness,
  admin: Awaited<ReturnType<typeof consoleSession>>,
  fleetId: number,
  name: string,
) {
  const phone = `+1217555${String(200 + ++phones).padStart(4, '0')}`;
  const added = await admin.as('POST', `/console/api/fleets/${fleetId}/drivers`, { json: { name, phone } });
  if (added.status !== 201) throw new Error(`driver not added: ${JSON.stringify(added.body)}`);
  const driverId = added.body.driver.id as string;
  const code = (await admin.as('POST', `/console/api/fleets/${fleetId}/drivers/${driverId}/sign-in-code`)).body.code as string;
  const device = aDriverPhone(harness);
  const signedIn = await device.signIn(phone, code, admin.user.accountId);
  if (signedIn.status !== 200) throw new Error(`driver not signed in: ${JSON.stringify(signedIn.body)}`);
  const tasks = async () => driverTaskListSchema.parse((await device.as('GET', '/driver/api/tasks')).body).tasks;
  const step = async (path: string, json: unknown = {}, key = randomUUID()) =>
    device.as('POST', `/driver/api/tasks/${path}`, json, { 'idempotency-key': key });
  return { driverId, phone, device, tasks, step };
}
