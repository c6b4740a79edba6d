import { createHash, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import type { KeyValueStore } from '@delivery/key-value';
import { secretCookieOf, strictCookie, type SecureCookies } from '../http/strict-cookie';

const DEVICE_COOKIE = 'console_device';
/** Sent only with sign-ins. */
const PATH = '/console/api/session';
/** A device stays known this long after its last sign-in. */
const DEVICE_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

const keyOf = (token: string) => `console-device:${createHash('sha256').update(token).digest('base64url')}`;

/**
 * The browsers a user has signed in from (OWASP's "device cookies", against lockout): a
 * random token in an HttpOnly cookie, known by its hash in the key-value store (Redis in
 * production, so every gateway knows it) for one email. A sign-in from a known device is
 * not held by what others did from its address or to its email: only its own failures
 * count against it (`LoginGuard.admitDevice`), and its password check is served first.
 */
export class KnownDevices {
  constructor(private readonly kv: KeyValueStore) {}

  /** The device's token when the request carries one known for this email; otherwise null. */
  async knownFor(req: Request, email: string): Promise<string | null> {
    const token = deviceCookieOf(req);
    if (!token) return null;
    return (await this.kv.get(keyOf(token))) === email ? token : null;
  }

  /** After a right password: the device is known for the email (again) for DEVICE_LIFETIME_MS. */
  async remember(req: Request, res: Response, email: string, known: string | null, setting: SecureCookies): Promise<void> {
    const token = known ?? randomBytes(32).toString('base64url');
    await this.kv.set(keyOf(token), email, DEVICE_LIFETIME_MS);
    res.cookie(DEVICE_COOKIE, token, strictCookie(req, setting, PATH, DEVICE_LIFETIME_MS));
  }
}

/** The device cookie's value, if the request carries one of a plausible shape. */
const deviceCookieOf = (req: Request): string | null => secretCookieOf(req, DEVICE_COOKIE);
