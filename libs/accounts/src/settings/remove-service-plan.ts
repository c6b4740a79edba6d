import type { SettingsDeps } from './settings-deps';

/** Create Order no longer accepts the carrier code and service level; false when there is no such plan. */
export const removeServicePlan = (
  plan: { accountId: string; carrierCode: string; serviceLevel: string },
  { accounts }: Pick<SettingsDeps, 'accounts'>,
): Promise<boolean> => accounts.deleteServicePlan(plan.accountId, plan.carrierCode, plan.serviceLevel);
