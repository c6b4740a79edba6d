import type { AccountRepository } from '@delivery/accounts';

/** The account's fleets, set up by the operator: where tasks are dispatched. */
export type Fleets = Pick<AccountRepository, 'listFleets'>;
