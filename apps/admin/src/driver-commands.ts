import type { AdminDeps } from './admin-deps';
import { asUsage, NotFound, required, whole, type Options } from './command-options';

const fleetOf = (options: Options) => {
  required(options, 'fleet-id');
  return whole(options, 'fleet-id', 0, 1, 2 ** 31 - 1);
};

/** A fleet's own drivers (issue 52): people who sign in on their phone to work its tasks. */
export const driverCommands: Record<string, (options: Options, deps: AdminDeps) => Promise<unknown>> = {
  'add-driver': async (options, { settings }) =>
    asUsage(() =>
      settings.addDriver({
        accountId: required(options, 'account'),
        fleetId: fleetOf(options),
        name: required(options, 'name'),
        phone: required(options, 'phone'),
        email: options.email ?? null,
      }),
    ),

  'list-drivers': async (options, { accounts }) => accounts.listDrivers(required(options, 'account'), fleetOf(options)),

  'remove-driver': async (options, { settings }) => {
    const ref = { accountId: required(options, 'account'), fleetId: fleetOf(options), driverId: required(options, 'driver') };
    if (!(await settings.removeDriver(ref))) throw new NotFound(`fleet ${ref.fleetId} of ${ref.accountId} has no driver ${ref.driverId}`);
    return { removed: ref.driverId };
  },
};
