import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { DRIVER_SESSION_LIFETIME_MS } from '@delivery/accounts';
import type { SecureCookies } from '../console/session-cookie';

export const DRIVER_COOKIE = 'driver_session';
const PATH = '/driver';

const secure = (req: Request, setting: SecureCookies) => (setting === 'when-https' ? req.secure : setting);

/** HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), only under /driver. */
export function setDriverCookie(req: Request, res: Response, token: string, setting: SecureCookies): void {
  res.cookie(DRIVER_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(req, setting),
    path: PATH,
    maxAge: DRIVER_SESSION_LIFETIME_MS,
  });
}

export function clearDriverCookie(req: Request, res: Response, setting: SecureCookies): void {
  res.clearCookie(DRIVER_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secure(req, setting), path: PATH });
}

/** The session cookie's value, if the request carries one of a plausible shape. */
export function driverCookieOf(req: Request): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === DRIVER_COOKIE && value && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return null;
}

/**
 * The CSRF token a session's changes carry in `X-CSRF-Token`: derived from the cookie's
 * secret, which no script reads, so it needs no storing; the app reads it from the session's
 * answer and keeps it with its queue of steps.
 */
export const csrfTokenOf = (token: string) => createHash('sha256').update(`driver-csrf:${token}`).digest('base64url');
