import { DEFAULT_LATENESS_POLICY, type AccountRepository, type LatenessPolicy } from '@delivery/accounts';

/**
 * The accounts' fleets, set up by the operator: where tasks are dispatched (and, for courier
 * networks, followed); and each account's settings for its deliveries (when they are late).
 */
export type Fleets = Pick<AccountRepository, 'listFleets' | 'listAccounts' | 'getAccount'>;

/** The account's lateness thresholds, or the defaults. */
export const latenessPolicyOf = async (fleets: Pick<Fleets, 'getAccount'>, accountId: string): Promise<LatenessPolicy> =>
  (await fleets.getAccount(accountId))?.lateness ?? DEFAULT_LATENESS_POLICY;
