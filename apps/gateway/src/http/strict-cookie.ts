import type { CookieOptions, Request } from 'express';

/** Whether a cookie is marked Secure: always, never (plain-http local development), or when the request came over https. */
export type SecureCookies = boolean | 'when-https';

/**
 * A secret cookie of ours (a console session, a known device, a driver's session): HttpOnly
 * (no script reads it), SameSite=Strict (no other site's page sends it), only under `path`.
 */
export const strictCookie = (req: Request, setting: SecureCookies, path: string, maxAgeMs?: number): CookieOptions => ({
  httpOnly: true,
  sameSite: 'strict',
  secure: setting === 'when-https' ? req.secure : setting,
  path,
  ...(maxAgeMs !== undefined && { maxAge: maxAgeMs }),
});

/** The value of the cookie `name` the request carries, if it is a 256-bit base64url secret as ours are; null otherwise. */
export function secretCookieOf(req: Request, name: string): string | null {
  for (const part of (req.get('cookie') ?? '').split(';')) {
    const [cookie, value] = part.trim().split('=', 2);
    if (cookie === name && value && /^[A-Za-z0-9_-]{43}$/.test(value)) return value;
  }
  return null;
}
