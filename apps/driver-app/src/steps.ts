import type { DriverTask, WayPoint } from './types';

/** A step the driver can take now, as the fleet API names it, and what the task becomes once it is done. */
export interface NextStep {
  id: 'accept' | 'start' | 'arrive' | 'complete' | 'fail' | 'return' | 'reject';
  label: string;
  path: string;
  wayPoint?: WayPoint;
  after: string;
}

const stop = (task: DriverTask, type: 'pickup' | 'dropoff') => task.way_points.find((w) => w.type === type)!;

/**
 * The steps open to the driver in the task's state (the server's rules decide; this only
 * offers what it would take). The first is the one the screen puts forward.
 */
export function stepsOf(task: DriverTask): NextStep[] {
  const base = `/tasks/${encodeURIComponent(task.task_id)}`;
  const at = (w: WayPoint, action: string) => `${base}/way_points/${encodeURIComponent(w.id)}/${action}`;
  const [pickup, dropoff] = [stop(task, 'pickup'), stop(task, 'dropoff')];
  const reject: NextStep = { id: 'reject', label: 'Give back', path: `${base}/reject`, after: 'given back' };
  if (task.part === 'offered') return [{ id: 'accept', label: 'Accept', path: `${base}/accept`, after: 'assigned' }];
  switch (task.status) {
    case 'assigned':
      return [{ id: 'start', label: 'Start to pick-up', path: `${base}/start`, after: 'en_route_to_pickup' }, reject];
    case 'en_route_to_pickup':
      return [{ id: 'arrive', label: 'Arrived at pick-up', path: at(pickup, 'arrive'), wayPoint: pickup, after: 'at_pickup' }, reject];
    case 'at_pickup':
      return [
        { id: 'complete', label: 'Picked up', path: at(pickup, 'complete'), wayPoint: pickup, after: 'picked_up' },
        { id: 'fail', label: 'Could not pick up', path: at(pickup, 'fail'), wayPoint: pickup, after: 'failed' },
      ];
    case 'picked_up':
      return [{ id: 'start', label: 'Start to drop-off', path: `${base}/start`, after: 'en_route_to_dropoff' }];
    case 'en_route_to_dropoff':
      return [{ id: 'arrive', label: 'Arrived at drop-off', path: at(dropoff, 'arrive'), wayPoint: dropoff, after: 'at_dropoff' }];
    case 'at_dropoff':
      return [
        { id: 'complete', label: 'Complete delivery', path: at(dropoff, 'complete'), wayPoint: dropoff, after: 'delivered' },
        { id: 'fail', label: 'Could not deliver', path: at(dropoff, 'fail'), wayPoint: dropoff, after: 'failed' },
      ];
    case 'failed':
      return dropoff.failure_reason ? [{ id: 'return', label: 'Returning the packages', path: `${base}/return`, after: 'returned' }] : [];
    default:
      return [];
  }
}

/** The task's state in words a driver reads. */
export const STATUS_WORDS: Record<string, string> = {
  dispatched: 'Waiting for a driver',
  assigned: 'Yours: not started',
  en_route_to_pickup: 'On the way to pick up',
  at_pickup: 'At the pick-up',
  picked_up: 'Picked up',
  en_route_to_dropoff: 'On the way to the drop-off',
  at_dropoff: 'At the drop-off',
  delivered: 'Delivered',
  failed: 'Not delivered',
  returned: 'Returned',
  cancelled: 'Cancelled',
  'given back': 'Given back',
};

/**
 * Why a stop could not be done: the fleet API's reason codes (libs/contracts FAILURE_CODES,
 * which steps.spec.ts holds this to), in a driver's words. Copied, not imported: the
 * contracts' module brings zod, which would double the app's script.
 */
export const FAILURE_REASONS: [code: string, words: string][] = [
  ['recipient_unavailable', 'Nobody there'],
  ['address_not_found', 'Address not found'],
  ['access_problem', 'Could not get in (gate, building, code)'],
  ['refused', 'Refused by the recipient'],
  ['damaged', 'Packages damaged'],
  ['age_check_failed', 'Age could not be confirmed'],
  ['id_check_failed', 'Identity could not be confirmed'],
  ['weather_or_vehicle', 'Weather or vehicle problem'],
  ['other', 'Other'],
];
