// Original file: protos/delivery/v1/order_lifecycle.proto

export const TaskStatus = {
  TASK_STATUS_UNSPECIFIED: 'TASK_STATUS_UNSPECIFIED',
  CREATED: 'CREATED',
  CANCELLED: 'CANCELLED',
  RESERVED: 'RESERVED',
  CONFIRMED: 'CONFIRMED',
  RELEASED: 'RELEASED',
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

export type TaskStatus__Output = typeof TaskStatus[keyof typeof TaskStatus]
