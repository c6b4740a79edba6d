import { randomBytes } from 'node:crypto';
import type { StoredQuote } from '../domain/quote';

/** An issued, unreserved quote for tests; override what a test is about. */
export function aStoredQuote(overrides: Partial<StoredQuote> = {}): StoredQuote {
  return {
    id: `qte_${randomBytes(12).toString('hex')}`,
    accountId: 'acc_1',
    fleet: { id: 1, name: 'Own Fleet', fleetType: 0, externalTeamId: 'team-1' },
    fleetQuoteId: '2026-11-23T10:00:00.000Z/standard',
    currencyCode: 'USD',
    fee: 1250,
    priority: 0,
    deliveryTermsSupported: true,
    pickupWindow: { startTime: '2026-11-23T10:00:00.000Z', endTime: '2026-11-23T12:00:00.000Z' },
    dropoffWindow: { startTime: '2026-11-23T11:30:00.000Z', endTime: '2026-11-23T13:30:00.000Z' },
    expiresAt: '2026-11-23T09:30:00.000Z',
    capacity: 5,
    remainingCapacity: 5,
    issuedAt: '2026-11-23T09:00:00.000Z',
    reservation: null,
    ...overrides,
  };
}
