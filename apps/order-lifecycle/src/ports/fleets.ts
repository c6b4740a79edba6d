import type { AccountRepository } from '@delivery/accounts';

/** The accounts' fleets, set up by the operator: where tasks are dispatched (and, for courier networks, followed). */
export type Fleets = Pick<AccountRepository, 'listFleets' | 'listAccounts'>;
