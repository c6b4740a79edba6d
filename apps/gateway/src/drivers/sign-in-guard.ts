import type { Response } from 'express';
import { DomainError } from '@delivery/contracts';
import { count, type LimiterPool } from '../protection/limiter-pool';
import { retryAfterSeconds } from '../protection/rate-limit-headers';

/**
 * The limits of drivers' sign-ins (docs/decisions.md, "Drivers sign in with a code"). Asking
 * for a code may cost a paid SMS, so every ask counts, known phone or not: 3 in 15 minutes a
 * phone, 10 an address. A wrong code counts against the address (10 in 15 minutes) and the
 * phone (10 an hour, over the codes it was sent): with 5 tries a code and 3 codes a quarter
 * hour, guessing a 6-digit code stays under one chance in 10,000 an hour.
 */
export const DRIVER_SIGN_IN_LIMITS = {
  codesPerPhone: { points: 3, windowSeconds: 15 * 60 },
  codesPerAddress: { points: 10, windowSeconds: 15 * 60 },
  failuresPerAddress: { points: 10, windowSeconds: 15 * 60 },
  failuresPerPhone: { points: 10, windowSeconds: 60 * 60 },
} as const;

type Limit = { points: number; windowSeconds: number };

export class DriverSignInGuard {
  constructor(private readonly pool: LimiterPool) {}

  private limiter(name: string, limit: Limit) {
    return this.pool.limiter(`driver-sign-in-${name}`, limit.points, limit.windowSeconds);
  }

  /** Counts an ask for a code; 429 once the phone or the address has asked its share. */
  async admitCodeRequest(res: Response, address: string, phoneKey: string): Promise<void> {
    const l = DRIVER_SIGN_IN_LIMITS;
    const [byPhone, byAddress] = await Promise.all([
      count(this.limiter('codes-phone', l.codesPerPhone), phoneKey),
      count(this.limiter('codes-address', l.codesPerAddress), address),
    ]);
    const refused = [byPhone, byAddress].filter((c) => !c.ok);
    if (refused.length > 0)
      refuse(
        res,
        'Too many codes asked for',
        refused.map((c) => c.state.msBeforeNext),
      );
  }

  /** Before a code is checked: 429 while the phone or the address has spent its wrong tries. */
  async admitCode(res: Response, address: string, phoneKey: string): Promise<void> {
    const l = DRIVER_SIGN_IN_LIMITS;
    const [byAddress, byPhone] = await Promise.all([
      this.limiter('failures-address', l.failuresPerAddress).get(address),
      this.limiter('failures-phone', l.failuresPerPhone).get(phoneKey),
    ]);
    const spent = [
      { state: byAddress, limit: l.failuresPerAddress.points },
      { state: byPhone, limit: l.failuresPerPhone.points },
    ].filter(({ state, limit }) => state && state.consumedPoints >= limit);
    if (spent.length > 0)
      refuse(
        res,
        'Too many wrong codes',
        spent.map(({ state }) => state!.msBeforeNext),
      );
  }

  async failed(address: string, phoneKey: string): Promise<void> {
    const l = DRIVER_SIGN_IN_LIMITS;
    await Promise.all([
      count(this.limiter('failures-address', l.failuresPerAddress), address),
      count(this.limiter('failures-phone', l.failuresPerPhone), phoneKey),
    ]);
  }
}

function refuse(res: Response, what: string, waitsMs: number[]): never {
  const wait = retryAfterSeconds(Math.max(...waitsMs));
  res.set('Retry-After', String(wait));
  throw new DomainError('RATE_LIMITED', `${what}; try again in ${Math.ceil(wait / 60)} min`);
}
