import { capabilitiesOf, outsideServiceArea } from '@delivery/accounts';
import { unmetRequirements } from '@delivery/contracts';
import type { Fleets } from '../ports/fleets';
import type { Fleet } from './task-lifecycle';
import type { Task } from './task';

/** A fleet serving the task's carrier that cannot carry it, and why. */
export interface FleetLeftOut {
  fleetName: string;
  why: 'outside_area' | 'requirements_unmet';
  reason: string;
}

/** The fleets that may carry a task, and each fleet serving its carrier that was left out. */
export interface FleetChoice {
  fleets: Fleet[];
  leftOut: FleetLeftOut[];
}

/**
 * The fleets that may carry a task, in the order they are tried: a planned task's own
 * fleet (it holds that fleet's window) first; then the account's fleets serving its
 * carrier code, service level and drop-off and able to meet its requirements, in its dispatch decision's order (by id without
 * one). A fleet that rejected the task is never asked again.
 */
export async function chooseFleets(task: Task, fleets: Pick<Fleets, 'listFleets'>): Promise<FleetChoice> {
  const dropoff = task.wayPoints.find((w) => w.type === 'dropoff')?.party.address;
  const leftOut: FleetLeftOut[] = [];
  const serving = (await fleets.listFleets(task.accountId))
    .filter(
      (f) => f.carrierCodes.includes(task.carrierCode) && (f.serviceLevels.length === 0 || f.serviceLevels.includes(task.serviceLevel)),
    )
    .filter((f) => {
      const outside = outsideServiceArea(f.serviceArea, dropoff);
      const unmet = unmetRequirements(task.requirements, capabilitiesOf(f));
      if (outside) leftOut.push({ fleetName: f.name, why: 'outside_area', reason: outside });
      else if (unmet.length > 0)
        leftOut.push({ fleetName: f.name, why: 'requirements_unmet', reason: `it cannot collect ${unmet.join(', ')}` });
      return !outside && unmet.length === 0;
    })
    .map((f) => ({ id: f.id, name: f.name }));
  const chain = followingDecision(task, serving);
  const own = task.reservation ? [{ id: task.reservation.fleet.id, name: task.reservation.fleet.name }] : [];
  const unasked = (f: Fleet) => !task.rejectedFleetIds?.includes(f.id) && f.id !== task.dispatch?.fleetId;
  return { fleets: [...new Map([...own, ...chain].filter(unasked).map((f) => [f.id, f])).values()], leftOut };
}

/** A decided task falls back along its decision's ranking only: a fleet passed over, or added since, is not tried. */
function followingDecision(task: Task, serving: Fleet[]): Fleet[] {
  const decision = task.dispatchDecision;
  if (!decision) return serving;
  const ranked = decision.candidates.filter((c) => c.outcome !== 'passed_over').map((c) => c.fleetId);
  return serving.filter((f) => ranked.includes(f.id)).sort((a, b) => ranked.indexOf(a.id) - ranked.indexOf(b.id));
}

export const fleetsFor = async (task: Task, fleets: Pick<Fleets, 'listFleets'>): Promise<Fleet[]> =>
  (await chooseFleets(task, fleets)).fleets;
