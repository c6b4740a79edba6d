import type { Request, Response } from 'express';
import { SESSION_LIFETIME_MS } from './console-sessions';

export const SESSION_COOKIE = 'console_session';
const PATH = '/console';

/** Whether the session cookie is marked Secure: always, never (plain-http local development), or when the request came over https. */
export type SecureCookies = boolean | 'when-https';

const secure = (req: Request, setting: SecureCookies) => (setting === 'when-https' ? req.secure : setting);

/** HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), only under /console. */
export function setSessionCookie(req: Request, res: Response, id: string, setting: SecureCookies): void {
  res.cookie(SESSION_COOKIE, id, {
    httpOnly: true,
    sameSite: 'strict',
    secure: secure(req, setting),
    path: PATH,
    maxAge: SESSION_LIFETIME_MS,
  });
}

export function clearSessionCookie(req: Request, res: Response, setting: SecureCookies): void {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'strict', secure: secure(req, setting), path: PATH });
}

/** The session cookie's value, if the request carries one of a plausible shape. */
export function sessionCookieOf(req: Request): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [name, value] = part.trim().split('=', 2);
    if (name === SESSION_COOKIE && value && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return null;
}
