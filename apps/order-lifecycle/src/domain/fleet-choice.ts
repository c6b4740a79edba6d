import { outsideServiceArea } from '@delivery/accounts';
import type { Fleets } from '../ports/fleets';
import type { Fleet } from './task-lifecycle';
import type { Task } from './task';

/** The fleets that may carry a task, and why each fleet serving its carrier but not its drop-off was left out. */
export interface FleetChoice {
  fleets: Fleet[];
  outsideArea: string[];
}

/**
 * The fleets that may carry a task, in the order they are tried: a planned task's own
 * fleet (it holds that fleet's window) first; then the account's fleets serving its
 * carrier code, service level and drop-off, by id. A fleet that rejected the task is never asked again.
 */
export async function chooseFleets(task: Task, fleets: Fleets): Promise<FleetChoice> {
  const dropoff = task.wayPoints.find((w) => w.type === 'dropoff')?.party.address;
  const outsideArea: string[] = [];
  const serving = (await fleets.listFleets(task.accountId))
    .filter(
      (f) => f.carrierCodes.includes(task.carrierCode) && (f.serviceLevels.length === 0 || f.serviceLevels.includes(task.serviceLevel)),
    )
    .filter((f) => {
      const outside = outsideServiceArea(f.serviceArea, dropoff);
      if (outside) outsideArea.push(`${f.name}: ${outside}`);
      return !outside;
    })
    .map((f) => ({ id: f.id, name: f.name }));
  const own = task.reservation ? [{ id: task.reservation.fleet.id, name: task.reservation.fleet.name }] : [];
  const unasked = (f: Fleet) => !task.rejectedFleetIds?.includes(f.id) && f.id !== task.dispatch?.fleetId;
  return { fleets: [...new Map([...own, ...serving].filter(unasked).map((f) => [f.id, f])).values()], outsideArea };
}

export const fleetsFor = async (task: Task, fleets: Fleets): Promise<Fleet[]> => (await chooseFleets(task, fleets)).fleets;
