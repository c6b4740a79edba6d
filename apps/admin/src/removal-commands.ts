import type { AdminDeps } from './admin-deps';
import { asUsage, NotFound, required, whole, type Options } from './command-options';

/** Taking things away: each says what it removed, and refuses with a not-found error when there is nothing to remove. */
export const removalCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'remove-app': async (options, { settings }) => {
    const clientId = required(options, 'client-id');
    // The token check reads the app on every call, so its tokens stop working with it.
    if (!(await asUsage(() => settings.removeClientApp({ clientId })))) throw new NotFound(`no client app ${clientId}`);
    return { removed: clientId, tokens: 'revoked' };
  },

  'remove-service-plan': async (options, { settings }) => {
    const plan = {
      accountId: required(options, 'account'),
      carrierCode: required(options, 'carrier-code'),
      serviceLevel: required(options, 'service-level'),
    };
    if (!(await settings.removeServicePlan(plan))) {
      throw new NotFound(`${plan.accountId} has no service plan for ${plan.carrierCode} ${plan.serviceLevel}`);
    }
    return { removed: `${plan.accountId} ${plan.carrierCode} ${plan.serviceLevel}` };
  },

  'remove-fleet': async (options, { settings }) => {
    const accountId = required(options, 'account');
    required(options, 'id');
    const fleetId = whole(options, 'id', 0, 1, 2 ** 31 - 1);
    if (!(await settings.removeFleet(accountId, fleetId))) throw new NotFound(`${accountId} has no fleet ${fleetId}`);
    return { removed: `${accountId} fleet ${fleetId}` };
  },
};
