import type { ServicePlan } from '../account';
import { SettingExists, SettingNotFound } from './invalid-setting';
import { checkServicePlan, type ServicePlanSettings } from './service-plan-settings';
import type { SettingsDeps } from './settings-deps';

/** Adds the plan for its carrier code and service level; SettingExists when the account has one (replace it instead). */
export async function addServicePlan(settings: ServicePlanSettings, { accounts }: Pick<SettingsDeps, 'accounts'>): Promise<ServicePlan> {
  checkServicePlan(settings);
  const { accountId, carrierCode, serviceLevel } = settings;
  if (!(await accounts.getAccount(accountId))) throw new SettingNotFound(`no account ${accountId}`);
  if (await accounts.findServicePlan(accountId, carrierCode, serviceLevel)) {
    throw new SettingExists(`${accountId} has a service plan for ${carrierCode} ${serviceLevel} already`);
  }
  const plan: ServicePlan = { ...settings, dispatchPolicy: settings.dispatchPolicy ?? null, requirements: settings.requirements ?? null };
  await accounts.putServicePlan(plan);
  return plan;
}
