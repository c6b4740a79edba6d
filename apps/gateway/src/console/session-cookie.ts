import type { Request, Response } from 'express';
import { secretCookieOf, strictCookie, type SecureCookies } from '../http/strict-cookie';
import { SESSION_LIFETIME_MS } from './console-sessions';

export type { SecureCookies } from '../http/strict-cookie';

export const SESSION_COOKIE = 'console_session';
const PATH = '/console';

/** The console's session cookie: HttpOnly, SameSite=Strict, only under /console. */
export function setSessionCookie(req: Request, res: Response, id: string, setting: SecureCookies): void {
  res.cookie(SESSION_COOKIE, id, strictCookie(req, setting, PATH, SESSION_LIFETIME_MS));
}

export function clearSessionCookie(req: Request, res: Response, setting: SecureCookies): void {
  res.clearCookie(SESSION_COOKIE, strictCookie(req, setting, PATH));
}

/** The session cookie's value, if the request carries one of a plausible shape. */
export const sessionCookieOf = (req: Request): string | null => secretCookieOf(req, SESSION_COOKIE);
