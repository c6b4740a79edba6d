import { NotFound, Conflict, amount, asUsage, list, required, UsageError, whole, type Options } from './command-options';
import { publicAccount, publicApp, publicFleet, publicPlan } from './public-views';
import { SettingExists } from '@delivery/accounts';
import { serviceAreaOption } from './service-area-option';
import { dispatchPolicyOptions } from './dispatch-policy-options';
import { capabilitiesOption, planRequirementsOption } from './requirement-options';
import { connectorSettings } from './connector-options';
import { removalCommands } from './removal-commands';
import { orderCommands } from './order-commands';
import { secretsCommands } from './secrets-commands';
import { deliveryPolicyCommands } from './delivery-policy-commands';
import { notificationCommands } from './notification-commands';
import { userCommands } from './user-commands';
import { driverCommands } from './driver-commands';
import { webhookCommands } from './webhook-commands';
import type { AdminDeps } from './admin-deps';

/** An add that found the setting there already: a conflict, which --replace resolves. */
function addedOrReplaceHint<T>(add: () => Promise<T>): Promise<T> {
  return asUsage(() =>
    add().catch((error: unknown) => {
      throw error instanceof SettingExists ? new Conflict(`${error.message}; add --replace to replace it`) : error;
    }),
  );
}

export const adminCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'create-account': async (options, { settings }) =>
    asUsage(() => settings.createAccount({ id: options.id, name: required(options, 'name') })),

  'list-accounts': async (_options, { accounts }) => (await accounts.listAccounts()).map(publicAccount),

  'set-rate-limits': async (options, { settings }) => {
    const accountId = required(options, 'account');
    const limits =
      options['per-app'] === undefined && options['per-account'] === undefined
        ? null
        : {
            perAppPerMinute: whole(options, 'per-app', 0, 1, 1_000_000),
            perAccountPerMinute: whole(options, 'per-account', 0, 1, 1_000_000),
          };
    if (limits && (!options['per-app'] || !options['per-account'])) throw new UsageError('give both --per-app and --per-account');
    if (!(await asUsage(() => settings.setRateLimits(accountId, limits)))) throw new NotFound(`no account ${accountId}`);
    return { accountId, rateLimits: limits ?? 'the gateway defaults' };
  },

  'create-app': async (options, { settings }) => {
    const fleetId = options['fleet-id'] === undefined ? null : whole(options, 'fleet-id', 0, 1, 2 ** 31 - 1);
    const input = { accountId: required(options, 'account'), name: required(options, 'name'), fleetId };
    if (options.reuse === 'true') {
      const { app, clientSecret, renewed } = await asUsage(() => settings.renewOrCreateClientApp(input));
      return { ...publicApp(app), clientSecret, ...(renewed && { reused: true }) };
    }
    const { app, clientSecret } = await asUsage(() => settings.createClientApp(input));
    return { ...publicApp(app), clientSecret };
  },

  'regenerate-secret': async (options, { settings }) => {
    const clientId = required(options, 'client-id');
    const issued = await asUsage(() => settings.regenerateClientSecret({ clientId }));
    if (!issued) throw new NotFound(`no client app ${clientId}`);
    return { ...publicApp(issued.app), clientSecret: issued.clientSecret };
  },

  'list-apps': async (options, { accounts }) =>
    (await accounts.listClientApps(required(options, 'account'))).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(publicApp),

  'add-service-plan': async (options, { settings }) => {
    const plan = {
      accountId: required(options, 'account'),
      carrierCode: required(options, 'carrier-code'),
      serviceLevel: required(options, 'service-level'),
      carrierName: options['carrier-name'] ?? required(options, 'carrier-code'),
      currency: options.currency ?? 'USD',
      baseCharge: amount(options, 'base-charge', 0),
      perKgCharge: amount(options, 'per-kg-charge', 0),
      dispatchPolicy: dispatchPolicyOptions(options),
      requirements: planRequirementsOption(options),
    };
    const replaced = options.replace === 'true' ? await asUsage(() => settings.replaceServicePlan(plan)) : null;
    const stored = replaced ?? (await addedOrReplaceHint(() => settings.addServicePlan(plan)));
    return { ...publicPlan(stored), replaced: Boolean(replaced) };
  },

  'list-service-plans': async (options, { accounts }) => (await accounts.listServicePlans(required(options, 'account'))).map(publicPlan),

  'add-fleet': async (options, { settings }) => {
    const carrierCodes = list(options['carrier-codes']);
    if (carrierCodes.length === 0) throw new UsageError('--carrier-codes is required (comma-separated)');
    const fields = {
      accountId: required(options, 'account'),
      name: required(options, 'name'),
      fleetType: whole(options, 'fleet-type', 0, 0, 2),
      externalTeamId: options['external-team-id'],
      carrierCodes,
      serviceLevels: list(options['service-levels']),
      serviceArea: serviceAreaOption(options),
      capabilities: capabilitiesOption(options),
      connector: connectorSettings(options),
    };
    const given = options.id === undefined ? undefined : whole(options, 'id', 0, 1, 2 ** 31 - 1);
    const calls = { dispatchUrl: options['dispatch-url'] };
    // A new fleet is added, never put over one another command added meanwhile: under the next
    // free id, or under --id if still free; --replace replaces the fleet of that id.
    const replaced =
      options.replace === 'true' && given !== undefined
        ? await asUsage(() => settings.replaceFleet({ ...fields, id: given }, calls))
        : null;
    const { fleet, signingSecret, courierWebhook } =
      replaced ?? (await addedOrReplaceHint(() => settings.addFleet({ ...fields, id: given }, calls)));
    const previous = replaced !== null;
    return {
      ...publicFleet(fleet),
      ...(signingSecret ? { signingSecret } : {}),
      // Shown this once: what to set in DoorDash's portal (the URL under the gateway's public address).
      ...(courierWebhook ? { courierWebhook } : {}),
      ...(previous ? { replaced: true } : {}),
    };
  },

  'list-fleets': async (options, { accounts }) => (await accounts.listFleets(required(options, 'account'))).map(publicFleet),

  ...webhookCommands,
  ...removalCommands,
  ...userCommands,
  ...driverCommands,
  ...orderCommands,
  ...secretsCommands,
  ...deliveryPolicyCommands,
  ...notificationCommands,
};
