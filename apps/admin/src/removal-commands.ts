import type { AdminDeps } from './admin-deps';
import { removeFleet } from '@delivery/couriers';
import { NotFound, required, whole, type Options } from './command-options';
import { publicEndpoint } from './public-views';

/** Taking things away: each says what it removed, and refuses with a usage error when there is nothing to remove. */
export const removalCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'remove-app': async (options, { accounts }) => {
    const clientId = required(options, 'client-id');
    // The token check reads the app on every call, so its tokens stop working with it.
    if (!(await accounts.deleteClientApp(clientId))) throw new NotFound(`no client app ${clientId}`);
    return { removed: clientId, tokens: 'revoked' };
  },

  'remove-service-plan': async (options, { accounts }) => {
    const [accountId, carrierCode, serviceLevel] = [
      required(options, 'account'),
      required(options, 'carrier-code'),
      required(options, 'service-level'),
    ];
    if (!(await accounts.deleteServicePlan(accountId, carrierCode, serviceLevel))) {
      throw new NotFound(`${accountId} has no service plan for ${carrierCode} ${serviceLevel}`);
    }
    return { removed: `${accountId} ${carrierCode} ${serviceLevel}` };
  },

  'remove-fleet': async (options, { accounts, keyValue }) => {
    const accountId = required(options, 'account');
    required(options, 'id');
    const fleetId = whole(options, 'id', 0, 1, 2 ** 31 - 1);
    const holds = keyValue ?? (() => Promise.reject(new Error('no key-value store given')));
    if (!(await removeFleet(accountId, fleetId, { accounts, holds }))) throw new NotFound(`${accountId} has no fleet ${fleetId}`);
    return { removed: `${accountId} fleet ${fleetId}` };
  },

  'disable-webhook': async (options, { accounts, clock }) => {
    const id = required(options, 'endpoint');
    const disabled = { at: clock.now().toISOString(), reason: options.reason ?? 'disabled by an operator' };
    if (!(await accounts.setWebhookEndpointDisabled(id, disabled))) throw new NotFound(`no webhook endpoint ${id}`);
    return publicEndpoint((await accounts.getWebhookEndpoint(id))!);
  },

  'remove-webhook': async (options, { accounts }) => {
    const id = required(options, 'endpoint');
    if (!(await accounts.deleteWebhookEndpoint(id))) throw new NotFound(`no webhook endpoint ${id}`);
    return { removed: id };
  },
};
