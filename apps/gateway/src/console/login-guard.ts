import type { Response } from 'express';
import { DomainError } from '@delivery/contracts';
import { count, type LimiterPool } from '../protection/limiter-pool';
import { retryAfterSeconds } from '../protection/rate-limit-headers';

/**
 * Back-off for console sign-ins, counted on failures only and checked before any password
 * is hashed. From one address, 5 wrong passwords for an email in 15 minutes stop that
 * address trying it for 15 minutes, and (by default) 20 failures in 15 minutes whatever the
 * emails stop the address altogether (so a flood of new emails cannot buy a hash each). From anywhere,
 * 20 in an hour for one email stop everyone for 15 minutes. That bounds guessing spread
 * over many addresses, at the price that a stranger who knows an email can keep its owner
 * out, 15 minutes at a time (docs/decisions.md, "Console sign-in").
 */
export const LOGIN_LIMITS = {
  perAddress: { failures: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
  perEmail: { failures: 20, windowSeconds: 60 * 60, blockSeconds: 15 * 60 },
  /** A known device's own failures: the only limit it meets (`KnownDevices`). */
  perDevice: { failures: 5, windowSeconds: 15 * 60, blockSeconds: 15 * 60 },
};

export class LoginGuard {
  constructor(
    private readonly pool: LimiterPool,
    private readonly failuresPerAddress: number,
  ) {}

  // One point fewer than the failures allowed: the failure that spends the last point starts the block.
  private get perAddress() {
    const l = LOGIN_LIMITS.perAddress;
    return this.pool.limiter('console-login-address', l.failures - 1, l.windowSeconds, l.blockSeconds);
  }
  private get perAddressAnyEmail() {
    const l = LOGIN_LIMITS.perAddress;
    return this.pool.limiter('console-login-address-any', this.failuresPerAddress - 1, l.windowSeconds, l.blockSeconds);
  }
  private get perEmail() {
    const l = LOGIN_LIMITS.perEmail;
    return this.pool.limiter('console-login-email', l.failures - 1, l.windowSeconds, l.blockSeconds);
  }

  private get perDevice() {
    const l = LOGIN_LIMITS.perDevice;
    return this.pool.limiter('console-login-device', l.failures - 1, l.windowSeconds, l.blockSeconds);
  }

  /** A known device, before the password is checked: refused only while its own back-off runs. */
  async admitDevice(res: Response, device: string): Promise<void> {
    const state = await this.perDevice.get(device);
    if (state && state.consumedPoints >= LOGIN_LIMITS.perDevice.failures) refuse(res, [state.msBeforeNext]);
  }

  async deviceFailed(device: string): Promise<void> {
    await count(this.perDevice, device);
  }

  /** Before the password is checked: refuses with 429 while either back-off runs. */
  async admit(res: Response, address: string, email: string): Promise<void> {
    const [local, anyEmail, global] = await Promise.all([
      this.perAddress.get(`${address}|${email}`),
      this.perAddressAnyEmail.get(address),
      this.perEmail.get(email),
    ]);
    const blocked = [
      { state: local, limit: LOGIN_LIMITS.perAddress.failures },
      { state: anyEmail, limit: this.failuresPerAddress },
      { state: global, limit: LOGIN_LIMITS.perEmail.failures },
    ].filter(({ state, limit }) => state && state.consumedPoints >= limit);
    if (blocked.length > 0)
      refuse(
        res,
        blocked.map(({ state }) => state!.msBeforeNext),
      );
  }

  async failed(address: string, email: string): Promise<void> {
    await Promise.all([
      count(this.perAddress, `${address}|${email}`),
      count(this.perAddressAnyEmail, address),
      count(this.perEmail, email),
    ]);
  }

  async succeeded(address: string, email: string): Promise<void> {
    await this.perAddress.delete(`${address}|${email}`);
  }
}

function refuse(res: Response, waitsMs: number[]): never {
  const wait = retryAfterSeconds(Math.max(...waitsMs));
  res.set('Retry-After', String(wait));
  throw new DomainError('RATE_LIMITED', `Too many failed sign-ins; try again in ${Math.ceil(wait / 60)} min`);
}
