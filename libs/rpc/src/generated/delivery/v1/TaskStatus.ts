// Original file: protos/delivery/v1/order_lifecycle.proto

export const TaskStatus = {
  TASK_STATUS_UNSPECIFIED: 'TASK_STATUS_UNSPECIFIED',
  CREATED: 'CREATED',
  CANCELLED: 'CANCELLED',
} as const;

export type TaskStatus =
  | 'TASK_STATUS_UNSPECIFIED'
  | 0
  | 'CREATED'
  | 1
  | 'CANCELLED'
  | 2

export type TaskStatus__Output = typeof TaskStatus[keyof typeof TaskStatus]
