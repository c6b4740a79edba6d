// Original file: protos/delivery/v1/order_lifecycle.proto

export const TaskStatus = {
  TASK_STATUS_UNSPECIFIED: 'TASK_STATUS_UNSPECIFIED',
  CREATED: 'CREATED',
  CANCELLED: 'CANCELLED',
  RESERVED: 'RESERVED',
  CONFIRMED: 'CONFIRMED',
  RELEASED: 'RELEASED',
  DISPATCHED: 'DISPATCHED',
  ASSIGNED: 'ASSIGNED',
  EN_ROUTE_TO_PICKUP: 'EN_ROUTE_TO_PICKUP',
  AT_PICKUP: 'AT_PICKUP',
  PICKED_UP: 'PICKED_UP',
  EN_ROUTE_TO_DROPOFF: 'EN_ROUTE_TO_DROPOFF',
  AT_DROPOFF: 'AT_DROPOFF',
  DELIVERED: 'DELIVERED',
  FAILED: 'FAILED',
  RETURNED: 'RETURNED',
} as const;

export type TaskStatus =
  | 'TASK_STATUS_UNSPECIFIED'
  | 0
  | 'CREATED'
  | 1
  | 'CANCELLED'
  | 2
  | 'RESERVED'
  | 3
  | 'CONFIRMED'
  | 4
  | 'RELEASED'
  | 5
  | 'DISPATCHED'
  | 6
  | 'ASSIGNED'
  | 7
  | 'EN_ROUTE_TO_PICKUP'
  | 8
  | 'AT_PICKUP'
  | 9
  | 'PICKED_UP'
  | 10
  | 'EN_ROUTE_TO_DROPOFF'
  | 11
  | 'AT_DROPOFF'
  | 12
  | 'DELIVERED'
  | 13
  | 'FAILED'
  | 14
  | 'RETURNED'
  | 15

export type TaskStatus__Output = typeof TaskStatus[keyof typeof TaskStatus]
