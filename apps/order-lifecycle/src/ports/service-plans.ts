import type { AccountReader } from '@delivery/accounts';

/** The account's carriers and service levels, set up by the operator. */
export type ServicePlans = Pick<AccountReader, 'findServicePlan'>;
