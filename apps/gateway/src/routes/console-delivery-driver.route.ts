import type { RequestHandler } from 'express';
import { z } from 'zod';
import { driverOfFleet, type AccountReader } from '@delivery/accounts';
import { consoleAssignDriverRequestSchema, DomainError } from '@delivery/contracts';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { consoleAccountOf } from '../console/console-auth';
import { validate } from '../http/validate';
import { toConsoleDriver } from '../mappers/console.mapper';

const taskParamsSchema = z.object({ taskId: z.string().min(1).max(200) });

/**
 * The dispatcher hands a delivery to one of the drivers of the fleet it was dispatched to
 * (admin): the fleet API's "assign a driver", on the fleet's behalf, naming them whoever held
 * it (docs/decisions.md). Their app shows it as theirs; Get Order, webhooks and events name them.
 */
export function assignDriverRoute({
  orders,
  accounts,
}: {
  orders: OrderLifecycleGateway;
  accounts: Pick<AccountReader, 'getDriver'>;
}): RequestHandler {
  return async (req, res) => {
    const { taskId } = validate(taskParamsSchema, req.params);
    const { driver_id: driverId } = validate(consoleAssignDriverRequestSchema, req.body);
    const accountId = consoleAccountOf(res.locals);
    const { task } = await orders.getOrder({ accountId, id: taskId, includeDocumentContent: false }).catch((error: unknown) => {
      throw error instanceof DomainError && error.code === 'ORDER_NOT_FOUND'
        ? new DomainError('DELIVERY_NOT_FOUND', `No delivery ${taskId}`)
        : error;
    });
    const fleetId = task?.dispatch?.fleetId;
    if (!task || fleetId === undefined)
      throw new DomainError('ILLEGAL_TRANSITION', `Delivery ${taskId} is not with a fleet: nobody to assign it to`);
    const driver = await driverOfFleet(accounts, { accountId, fleetId, driverId });
    if (!driver) {
      throw new DomainError('DRIVER_NOT_FOUND', `No driver ${driverId} in fleet ${fleetId}, the delivery's`);
    }
    await orders.applyFleetAction({
      accountId,
      fleetId,
      correlationId: res.locals.correlationId,
      taskId: task.id,
      kind: 'ASSIGN_DRIVER',
      driver: { name: driver.name, phone: driver.phone, driverId: driver.id, byDispatcher: true },
    });
    res.json({ driver: toConsoleDriver(driver) });
  };
}
