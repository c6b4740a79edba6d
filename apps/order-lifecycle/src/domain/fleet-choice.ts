import type { Fleets } from '../ports/fleets';
import type { Fleet } from './task-lifecycle';
import type { Task } from './task';

/**
 * The fleets that may carry a task, in the order they are tried: a planned task's own
 * fleet (it holds that fleet's window) first; then the account's fleets serving its
 * carrier code and service level, by id. A fleet that rejected the task is never asked again.
 */
export async function fleetsFor(task: Task, fleets: Fleets): Promise<Fleet[]> {
  const serving = (await fleets.listFleets(task.accountId))
    .filter(
      (f) => f.carrierCodes.includes(task.carrierCode) && (f.serviceLevels.length === 0 || f.serviceLevels.includes(task.serviceLevel)),
    )
    .map((f) => ({ id: f.id, name: f.name }));
  const own = task.reservation ? [{ id: task.reservation.fleet.id, name: task.reservation.fleet.name }] : [];
  const unasked = (f: Fleet) => !task.rejectedFleetIds?.includes(f.id) && f.id !== task.dispatch?.fleetId;
  return [...new Map([...own, ...serving].filter(unasked).map((f) => [f.id, f])).values()];
}
