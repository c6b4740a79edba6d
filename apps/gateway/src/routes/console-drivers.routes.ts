import type { RequestHandler } from 'express';
import { z } from 'zod';
import { driverOfFleet, type AccountReader, type AccountSettings, type Driver } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { consoleAddDriverRequestSchema, consoleDriverAssignmentRequestSchema, DomainError } from '@delivery/contracts';
import { consoleAccountOf } from '../console/console-auth';
import type { SignInCodes } from '../drivers/sign-in-codes';
import { refusedAsInvalidRequest } from '../http/domain-refusal';
import { validate } from '../http/validate';
import { toConsoleDriver, toConsoleDriverSession } from '../mappers/console.mapper';

type Deps = { accounts: AccountReader; settings: AccountSettings };

const fleetParamsSchema = z.object({
  fleetId: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
});
const driverParamsSchema = fleetParamsSchema.extend({ driverId: z.string().min(1).max(200) });
const sessionParamsSchema = driverParamsSchema.extend({ sessionId: z.string().min(1).max(200) });

/** The fleet a request names, among the caller's account's only: another account's is as unknown as a made-up one. */
async function fleetOfCaller(accounts: AccountReader, locals: Record<string, unknown>, params: unknown): Promise<number> {
  const { fleetId } = validate(fleetParamsSchema, params);
  if (!(await accounts.getFleet(consoleAccountOf(locals), fleetId))) throw new DomainError('FLEET_NOT_FOUND', `No fleet ${fleetId}`);
  return fleetId;
}

/** The fleet's own drivers, oldest first, and how its tasks reach them. */
export function listDriversRoute({ accounts }: Deps): RequestHandler {
  return async (req, res) => {
    const fleetId = await fleetOfCaller(accounts, res.locals, req.params);
    const accountId = consoleAccountOf(res.locals);
    const [drivers, fleet] = await Promise.all([accounts.listDrivers(accountId, fleetId), accounts.getFleet(accountId, fleetId)]);
    res.json({ drivers: drivers.map(toConsoleDriver), assignment: fleet?.driverAssignment ?? 'offer' });
  };
}

/** How the fleet's tasks reach its drivers: offered to all of them, or assigned by the dispatcher (admin). */
export function setDriverAssignmentRoute({ accounts, settings }: Deps): RequestHandler {
  return async (req, res) => {
    const fleetId = await fleetOfCaller(accounts, res.locals, req.params);
    const { assignment } = validate(consoleDriverAssignmentRequestSchema, req.body);
    await refusedAsInvalidRequest(() =>
      settings.setDriverAssignment({ accountId: consoleAccountOf(res.locals), fleetId, mode: assignment }),
    );
    res.json({ assignment });
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

/** The driver a request names, of the fleet it names in the caller's account; any other is not found. */
async function driverOfCaller(accounts: AccountReader, locals: Record<string, unknown>, params: unknown): Promise<Driver> {
  const { fleetId, driverId } = validate(driverParamsSchema, params);
  const driver = await driverOfFleet(accounts, { accountId: consoleAccountOf(locals), fleetId, driverId });
  if (!driver) {
    throw new DomainError('DRIVER_NOT_FOUND', `No driver ${driverId} in fleet ${fleetId}`);
  }
  return driver;
}

/**
 * A sign-in code for the dispatcher to read out to the driver (admin): for an account that
 * sends no SMS, or a driver whose SMS did not come. It replaces the driver's earlier code.
 */
export function issueSignInCodeRoute({ accounts, codes }: { accounts: AccountReader; codes: SignInCodes }): RequestHandler {
  return async (req, res) => {
    const driver = await driverOfCaller(accounts, res.locals, req.params);
    const { code, expiresAt } = await codes.issue(driver.accountId, driver.id, 'dispatcher');
    res.set('Cache-Control', 'no-store').status(201).json({ code, expires_at: expiresAt.toISOString() });
  };
}

/** The driver's signed-in devices, oldest first. */
export function listDriverSessionsRoute({ accounts, clock }: { accounts: AccountReader; clock: Clock }): RequestHandler {
  return async (req, res) => {
    const driver = await driverOfCaller(accounts, res.locals, req.params);
    const sessions = await accounts.listDriverSessions(driver.accountId, driver.id, clock.now());
    res.json({ sessions: sessions.map(toConsoleDriverSession) });
  };
}

/** Signs a device of the driver out (a lost phone; admin). */
export function revokeDriverSessionRoute({ settings }: Deps): RequestHandler {
  return async (req, res) => {
    const { fleetId, driverId, sessionId } = validate(sessionParamsSchema, req.params);
    if (!(await settings.revokeDriverSession({ accountId: consoleAccountOf(res.locals), fleetId, driverId, sessionId }))) {
      throw new DomainError('DRIVER_SESSION_NOT_FOUND', `No session ${sessionId} of driver ${driverId} in fleet ${fleetId}`);
    }
    res.status(204).end();
  };
}
