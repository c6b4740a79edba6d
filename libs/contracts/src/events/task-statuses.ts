/** A task's states, in the order a delivery goes through them (the console lists them so). */
export const TASK_STATUSES = [
  'created',
  'reserved',
  'confirmed',
  'released',
  'cancelled',
  'dispatched',
  'assigned',
  'en_route_to_pickup',
  'at_pickup',
  'picked_up',
  'en_route_to_dropoff',
  'at_dropoff',
  'delivered',
  'failed',
  'returned',
] as const;
export type TaskStatusName = (typeof TASK_STATUSES)[number];

/** A task with its driver, before the pick-up is done. */
export const BEFORE_PICKUP: readonly TaskStatusName[] = ['assigned', 'en_route_to_pickup', 'at_pickup'];
/** A task with its driver, picked up and not yet delivered. */
export const AFTER_PICKUP: readonly TaskStatusName[] = ['picked_up', 'en_route_to_dropoff', 'at_dropoff'];
/** The states of a task under way: a driver named, until it is delivered or failed. */
export const UNDER_WAY: readonly TaskStatusName[] = [...BEFORE_PICKUP, ...AFTER_PICKUP];
