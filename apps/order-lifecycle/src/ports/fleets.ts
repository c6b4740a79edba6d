import {
  DEFAULT_FAILED_DROPOFF_POLICY,
  DEFAULT_LATENESS_POLICY,
  type AccountReader,
  type FailedDropoffPolicy,
  type LatenessPolicy,
} from '@delivery/accounts';

/**
 * The accounts' fleets, set up by the operator: where tasks are dispatched (and, for courier
 * networks, followed); and each account's settings for its deliveries (when they are late).
 */
export type Fleets = Pick<AccountReader, 'listFleets' | 'getFleet' | 'listAccounts' | 'getAccount'>;

/** The account's lateness thresholds, or the defaults. */
export const latenessPolicyOf = async (fleets: Pick<Fleets, 'getAccount'>, accountId: string): Promise<LatenessPolicy> =>
  (await fleets.getAccount(accountId))?.lateness ?? DEFAULT_LATENESS_POLICY;

/** What follows a failed drop-off in the account, or the default (a return to the pickup). */
export const failedDropoffPolicyOf = async (fleets: Pick<Fleets, 'getAccount'>, accountId: string): Promise<FailedDropoffPolicy> =>
  (await fleets.getAccount(accountId))?.failedDropoff ?? DEFAULT_FAILED_DROPOFF_POLICY;
