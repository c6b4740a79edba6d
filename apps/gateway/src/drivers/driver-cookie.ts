import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { DRIVER_SESSION_LIFETIME_MS } from '@delivery/accounts';
import { secretCookieOf, strictCookie, type SecureCookies } from '../http/strict-cookie';

export const DRIVER_COOKIE = 'driver_session';
const PATH = '/driver';

/** The driver's session cookie: HttpOnly, SameSite=Strict, only under /driver (the app and its API). */
export function setDriverCookie(req: Request, res: Response, token: string, setting: SecureCookies): void {
  res.cookie(DRIVER_COOKIE, token, strictCookie(req, setting, PATH, DRIVER_SESSION_LIFETIME_MS));
}

export function clearDriverCookie(req: Request, res: Response, setting: SecureCookies): void {
  res.clearCookie(DRIVER_COOKIE, strictCookie(req, setting, PATH));
}

/** The session cookie's value, if the request carries one of a plausible shape. */
export const driverCookieOf = (req: Request): string | null => secretCookieOf(req, DRIVER_COOKIE);

/**
 * The CSRF token a session's changes carry in `X-CSRF-Token`: derived from the cookie's
 * secret, which no script reads, so it needs no storing; the app reads it from the session's
 * answer and keeps it with its queue of steps.
 */
export const csrfTokenOf = (token: string) => createHash('sha256').update(`driver-csrf:${token}`).digest('base64url');
