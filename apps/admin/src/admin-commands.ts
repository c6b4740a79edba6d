import { randomBytes } from 'node:crypto';
import { NotFound, Conflict, amount, asUsage, list, required, UsageError, whole, type Options } from './command-options';
import { publicAccount, publicApp, publicFleet } from './public-views';
import { createClientApp, regenerateClientSecret } from '@delivery/accounts';
import { FleetIdTaken, saveFleet, withNextFleetId } from '@delivery/webhooks';
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
import { webhookCommands } from './webhook-commands';
import type { AdminDeps } from './admin-deps';

export const adminCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'create-account': async (options, { accounts, clock }) => {
    if (options.id !== undefined && !/^[\w.-]{1,64}$/.test(options.id)) {
      throw new UsageError('--id must be 1-64 letters, digits, _ . or -');
    }
    const account = {
      id: options.id ?? `acc_${randomBytes(8).toString('hex')}`,
      name: required(options, 'name'),
      createdAt: clock.now().toISOString(),
    };
    if (!(await accounts.createAccount(account))) throw new Conflict(`account ${account.id} exists already`);
    return account;
  },

  'list-accounts': async (_options, { accounts }) => (await accounts.listAccounts()).map(publicAccount),

  'set-rate-limits': async (options, { accounts }) => {
    const accountId = required(options, 'account');
    const limits =
      options['per-app'] === undefined && options['per-account'] === undefined
        ? null
        : {
            perAppPerMinute: whole(options, 'per-app', 0, 1, 1_000_000),
            perAccountPerMinute: whole(options, 'per-account', 0, 1, 1_000_000),
          };
    if (limits && (!options['per-app'] || !options['per-account'])) throw new UsageError('give both --per-app and --per-account');
    if (!(await accounts.setRateLimits(accountId, limits))) throw new NotFound(`no account ${accountId}`);
    return { accountId, rateLimits: limits ?? 'the gateway defaults' };
  },

  'create-app': async (options, deps) => {
    const fleetId = options['fleet-id'] === undefined ? null : whole(options, 'fleet-id', 0, 1, 2 ** 31 - 1);
    const accountId = required(options, 'account');
    if (fleetId !== null && !(await deps.accounts.listFleets(accountId)).some((f) => f.id === fleetId)) {
      throw new NotFound(`${accountId} has no fleet ${fleetId}`);
    }
    const name = required(options, 'name');
    // A script run again (the README's walkthroughs) renews its app's secret rather than piling up apps.
    const same =
      options.reuse === 'true' &&
      (await deps.accounts.listClientApps(accountId)).find((a) => a.name === name && (a.fleetId ?? null) === fleetId);
    if (same) {
      const { app, clientSecret } = await regenerateClientSecret(same.clientId, deps);
      return { ...publicApp(app), clientSecret, reused: true };
    }
    const { app, clientSecret } = await createClientApp({ accountId, name, fleetId }, deps);
    return { ...publicApp(app), clientSecret };
  },

  'regenerate-secret': async (options, deps) => {
    const { app, clientSecret } = await regenerateClientSecret(required(options, 'client-id'), deps);
    return { ...publicApp(app), clientSecret };
  },

  'list-apps': async (options, { accounts }) =>
    (await accounts.listClientApps(required(options, 'account'))).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(publicApp),

  'add-service-plan': async (options, { accounts }) => {
    const accountId = required(options, 'account');
    if (!(await accounts.getAccount(accountId))) throw new NotFound(`no account ${accountId}`);
    const currency = options.currency ?? 'USD';
    if (!/^[A-Z]{3}$/.test(currency)) throw new UsageError('--currency must be a three-letter code');
    const carrierCode = required(options, 'carrier-code');
    const serviceLevel = required(options, 'service-level');
    const replacing = Boolean(await accounts.findServicePlan(accountId, carrierCode, serviceLevel));
    if (replacing && options.replace !== 'true') {
      throw new Conflict(`${accountId} has a service plan for ${carrierCode} ${serviceLevel} already; add --replace to replace it`);
    }
    const plan = {
      accountId,
      carrierCode,
      serviceLevel,
      carrierName: options['carrier-name'] ?? required(options, 'carrier-code'),
      currency,
      baseCharge: amount(options, 'base-charge', 0),
      perKgCharge: amount(options, 'per-kg-charge', 0),
      dispatchPolicy: dispatchPolicyOptions(options),
      requirements: planRequirementsOption(options),
    };
    await accounts.putServicePlan(plan);
    return { ...plan, replaced: replacing };
  },

  'list-service-plans': async (options, { accounts }) => accounts.listServicePlans(required(options, 'account')),

  'add-fleet': async (options, deps) => {
    const { accounts } = deps;
    const accountId = required(options, 'account');
    if (!(await accounts.getAccount(accountId))) throw new NotFound(`no account ${accountId}`);
    const given = options.id === undefined ? null : whole(options, 'id', 0, 1, 2 ** 31 - 1);
    const previous = given === null ? undefined : await accounts.getFleet(accountId, given);
    if (previous && options.replace !== 'true')
      throw new Conflict(`${accountId} has a fleet ${given} already; add --replace to replace it`);
    const carrierCodes = list(options['carrier-codes']);
    if (carrierCodes.length === 0) throw new UsageError('--carrier-codes is required (comma-separated)');
    const settingsOf = (id: number) => ({
      accountId,
      id,
      name: required(options, 'name'),
      fleetType: whole(options, 'fleet-type', 0, 0, 2),
      externalTeamId: options['external-team-id'],
      carrierCodes,
      serviceLevels: list(options['service-levels']),
      serviceArea: serviceAreaOption(options),
      capabilities: capabilitiesOption(options),
      connector: connectorSettings(options),
    });
    const dispatchUrl = options['dispatch-url'];
    // A new fleet is added, never put over one another command added meanwhile: under the next
    // free id (taking the one after if it races another add), or under --id if still free.
    const save = () =>
      previous
        ? saveFleet(settingsOf(previous.id), { dispatchUrl, previous }, deps)
        : given !== null
          ? saveFleet(settingsOf(given), { dispatchUrl, adding: true }, deps)
          : withNextFleetId(accounts, accountId, (id) => saveFleet(settingsOf(id), { dispatchUrl, adding: true }, deps));
    const { fleet, signingSecret, courierWebhook } = await asUsage(async () => {
      try {
        return await save();
      } catch (error) {
        if (!(error instanceof FleetIdTaken)) throw error;
        throw new Conflict(
          given === null
            ? 'fleets are being added to this account at the same moment; try again'
            : `${accountId} has a fleet ${given} already`,
        );
      }
    });
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
  ...orderCommands,
  ...secretsCommands,
  ...deliveryPolicyCommands,
  ...notificationCommands,
};
