import type { ServicePlan } from '../account';
import { revised } from '../revision';
import { changedAtRevision } from './changed-at-revision';
import { keptWhenLeftOut } from './kept-when-left-out';
import { checkServicePlan, type ServicePlanSettings } from './service-plan-settings';
import type { SettingsDeps } from './settings-deps';

/**
 * Replaces the plan for its carrier code and service level, keeping its dispatch policy and
 * requirements when they are left out; null when there is none. Stored at the revision read.
 */
export async function replaceServicePlan(
  settings: ServicePlanSettings,
  { accounts }: Pick<SettingsDeps, 'accounts'>,
): Promise<ServicePlan | null> {
  checkServicePlan(settings);
  const { accountId, carrierCode, serviceLevel } = settings;
  return changedAtRevision(
    `the service plan ${carrierCode} ${serviceLevel} of ${accountId}`,
    () => accounts.findServicePlan(accountId, carrierCode, serviceLevel),
    async (previous) => {
      const plan: ServicePlan = {
        ...settings,
        dispatchPolicy: keptWhenLeftOut(settings.dispatchPolicy, previous.dispatchPolicy),
        requirements: keptWhenLeftOut(settings.requirements, previous.requirements),
        ...(previous.revision !== undefined && { revision: previous.revision }),
      };
      return (await accounts.replaceServicePlan(plan)) && revised(plan);
    },
  );
}
