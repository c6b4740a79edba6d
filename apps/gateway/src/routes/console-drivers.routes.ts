import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { AccountReader, AccountSettings } from '@delivery/accounts';
import { consoleAddDriverRequestSchema, DomainError } from '@delivery/contracts';
import { consoleAccountOf } from '../console/console-auth';
import { refusedAsInvalidRequest } from '../http/domain-refusal';
import { validate } from '../http/validate';
import { toConsoleDriver } from '../mappers/console.mapper';

type Deps = { accounts: AccountReader; settings: AccountSettings };

const fleetParamsSchema = z.object({
  fleetId: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
const driverParamsSchema = fleetParamsSchema.extend({ driverId: z.string().min(1).max(200) });

/** The fleet a request names, among the caller's account's only: another account's is as unknown as a made-up one. */
async function fleetOfCaller(accounts: AccountReader, locals: Record<string, unknown>, params: unknown): Promise<number> {
  const { fleetId } = validate(fleetParamsSchema, params);
  if (!(await accounts.getFleet(consoleAccountOf(locals), fleetId))) throw new DomainError('FLEET_NOT_FOUND', `No fleet ${fleetId}`);
  return fleetId;
}

/** The fleet's own drivers, oldest first. */
export function listDriversRoute({ accounts }: Deps): RequestHandler {
  return async (req, res) => {
    const fleetId = await fleetOfCaller(accounts, res.locals, req.params);
    res.json({ drivers: (await accounts.listDrivers(consoleAccountOf(res.locals), fleetId)).map(toConsoleDriver) });
  };
}

/** Adds a driver, who then signs in on their phone (admin). */
export function addDriverRoute({ accounts, settings }: Deps): RequestHandler {
  return async (req, res) => {
    const fleetId = await fleetOfCaller(accounts, res.locals, req.params);
    const body = validate(consoleAddDriverRequestSchema, req.body);
    const driver = await refusedAsInvalidRequest(() =>
      settings.addDriver({
        accountId: consoleAccountOf(res.locals),
        fleetId,
        name: body.name,
        phone: body.phone,
        email: body.email ?? null,
      }),
    );
    res.status(201).json({ driver: toConsoleDriver(driver) });
  };
}

/** Removes a driver of the fleet (admin). */
export function removeDriverRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const { fleetId, driverId } = validate(driverParamsSchema, req.params);
    if (!(await settings.removeDriver({ accountId: consoleAccountOf(res.locals), fleetId, driverId }))) {
      throw new DomainError('DRIVER_NOT_FOUND', `No driver ${driverId} in fleet ${fleetId}`);
    }
    res.status(204).end();
  };
}
