import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { AccountReader } from '@delivery/accounts';
import { DomainError, type DriverTaskView, type FleetTaskView, UNDER_WAY } from '@delivery/contracts';
import { taskStatusFromMessage, type TaskMessage } from '@delivery/rpc';
import type { NotesGateway } from '../clients/notes.client';
import type { OrderLifecycleGateway } from '../clients/order-lifecycle.client';
import { toNoteView } from '../mappers/note.mapper';
import { driverCallerOf, type DriverCaller } from '../drivers/driver-auth';
import { validate } from '../http/validate';
import { toFleetTaskView } from '../mappers/fleet-task.mapper';
import { STEP_OF, taskWithFleet, type Report } from './fleet.routes';

/** What a driver's task routes read: the tasks, and the fleet's way of giving them out. */
export interface TaskDeps {
  orders: OrderLifecycleGateway;
  accounts: Pick<AccountReader, 'getFleet'>;
}

const id = z.string().min(1).max(200);
const taskParamsSchema = z.object({ taskId: id });

/** What a driver's app lists: the fleet's tasks a page holds, at most (FLEET_TASK_PAGE's most). */
const TASKS_READ = 500;

/**
 * The driver's part in a task: theirs, offered to every driver of the fleet (no driver yet,
 * where the fleet offers its tasks rather than its dispatcher assigning them), or neither.
 */
function partIn(task: TaskMessage, caller: DriverCaller, offers: boolean): 'mine' | 'offered' | null {
  if (task.dispatch?.fleetId !== caller.driver.fleetId) return null;
  if (task.driver?.driverId === caller.driver.id) return 'mine';
  const status = taskStatusFromMessage(task.status);
  return offers && status === 'dispatched' && !task.driver ? 'offered' : null;
}

/** Whether the driver's fleet offers its tasks to its drivers (the default), or its dispatcher assigns them. */
async function offers(accounts: Pick<AccountReader, 'getFleet'>, caller: DriverCaller): Promise<boolean> {
  return ((await accounts.getFleet(caller.driver.accountId, caller.driver.fleetId))?.driverAssignment ?? 'offer') === 'offer';
}

/** A task as the driver sees it: the fleet's view (no charges, no caller's fields, no e-mails), and their part in it. */
const driverTaskView = (task: TaskMessage, part: DriverTaskView['part']): DriverTaskView => ({
  ...toFleetTaskView(task),
  part,
});

/** Route order: by the drop-off's window (or ETA), then by when the task came. */
const routeKey = (view: FleetTaskView) => {
  const dropoff = view.way_points.find((w) => w.type === 'dropoff');
  return `${dropoff?.window?.start_time ?? dropoff?.eta ?? view.delivery_date ?? '9999'}\n${view.dispatched_at}`;
};

/** The driver's tasks under way and those offered to the fleet's drivers, in route order. */
export function listDriverTasksRoute({ orders, accounts }: TaskDeps): RequestHandler {
  return async (_req, res) => {
    const caller = driverCallerOf(res.locals);
    const page = await orders.listFleetTasks({ accountId: caller.driver.accountId, fleetId: caller.driver.fleetId, limit: TASKS_READ });
    const offered = await offers(accounts, caller);
    const shown = page.tasks.flatMap((task) => {
      const part = partIn(task, caller, offered);
      if (part === 'mine' && !UNDER_WAY.includes(taskStatusFromMessage(task.status))) return [];
      return part ? [driverTaskView(task, part)] : [];
    });
    res.json({ tasks: shown.sort((a, b) => routeKey(a).localeCompare(routeKey(b))) });
  };
}

/** The task, when it is the driver's or offered to them; any other (another fleet's, another driver's) is not found. */
export async function taskOfDriver({ orders, accounts }: TaskDeps, caller: DriverCaller, taskId: string) {
  const task = await taskWithFleet(orders, caller.driver, taskId);
  // The fleet's way of giving tasks out matters only for one with no driver yet.
  const part = partIn(task, caller, !task.driver && (await offers(accounts, caller)));
  if (!part) throw new DomainError('TASK_NOT_FOUND', `No task found for id ${taskId}`);
  return { task, part };
}

/** Every step but accepting (and every upload) is on the driver's own task, not one only offered. */
export function requireMine(part: DriverTaskView['part'], taskId: string): void {
  if (part !== 'mine') throw new DomainError('ILLEGAL_TRANSITION', `Task ${taskId} is not yours yet: accept it first`);
}

/**
 * One task of the driver's, with everything they need at its stops and the notes for its
 * driver; also once it ended, so the app learns how. Notes that cannot be read just now leave
 * `notes: null` rather than fail the task.
 */
export function getDriverTaskRoute(deps: TaskDeps & { notes: NotesGateway; logger: Pick<Console, 'error'> }): RequestHandler {
  const { notes, logger } = deps;
  return async (req, res) => {
    const { taskId } = validate(taskParamsSchema, req.params);
    const caller = driverCallerOf(res.locals);
    const { task, part } = await taskOfDriver(deps, caller, taskId);
    const taskNotes = await notes.listNotesOfTask({ accountId: caller.driver.accountId, taskId: task.id }).then(
      ({ notes: records }) => records.map(toNoteView),
      (error: unknown) => {
        logger.error(`notes of ${task.id} unavailable:`, error instanceof Error ? error.message : error);
        return null;
      },
    );
    res.json({ task: driverTaskView(task, part), notes: taskNotes });
  };
}

/**
 * A driver's step on a task, applied as the fleet API applies its fleet's: `accept` takes an
 * offered task (the first driver to accept has it); every other step needs the task to be theirs.
 */
function driverStep(
  deps: TaskDeps,
  read: (req: Parameters<RequestHandler>[0], caller: DriverCaller) => Report,
  onOffered = false,
): RequestHandler {
  return async (req, res) => {
    const { taskId } = validate(taskParamsSchema, req.params);
    const caller = driverCallerOf(res.locals);
    const step = read(req, caller);
    const { task: found, part } = await taskOfDriver(deps, caller, taskId);
    if (!onOffered) requireMine(part, taskId);
    const { task, changed } = await deps.orders.applyFleetAction({
      accountId: caller.driver.accountId,
      fleetId: caller.driver.fleetId,
      correlationId: res.locals.correlationId,
      taskId: found.id,
      ...step,
    });
    const after = task && partIn(task, caller, false);
    res.json({ changed, task: task && after ? driverTaskView(task, after) : null });
  };
}

export const driverStepRoutes = (deps: TaskDeps) => ({
  accept: driverStep(
    deps,
    (_req, { driver }) => ({ kind: 'ASSIGN_DRIVER', driver: { name: driver.name, phone: driver.phone, driverId: driver.id } }),
    true,
  ),
  reject: driverStep(deps, STEP_OF.reject),
  start: driverStep(deps, STEP_OF.start),
  location: driverStep(deps, STEP_OF.location),
  return: driverStep(deps, STEP_OF.return),
  arrive: driverStep(deps, STEP_OF.arrive),
  complete: driverStep(deps, STEP_OF.complete),
  fail: driverStep(deps, STEP_OF.fail),
});
