import type { AccountRepository } from '@delivery/accounts';

/** The account's carriers and service levels, set up by the operator. */
export type ServicePlans = Pick<AccountRepository, 'findServicePlan'>;
