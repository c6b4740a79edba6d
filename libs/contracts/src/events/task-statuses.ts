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
