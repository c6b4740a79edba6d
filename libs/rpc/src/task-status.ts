import type { TaskStatusName } from '@delivery/contracts';
import type { TaskStatus__Output as TaskStatusMessage } from './generated/delivery/v1/TaskStatus';

/** A task status as the proto enum names it. */
export const TASK_STATUS_MESSAGE = {
  created: 'CREATED',
  reserved: 'RESERVED',
  confirmed: 'CONFIRMED',
  released: 'RELEASED',
  cancelled: 'CANCELLED',
} as const satisfies Record<TaskStatusName, TaskStatusMessage>;

const STATUS_NAME = {
  CREATED: 'created',
  RESERVED: 'reserved',
  CONFIRMED: 'confirmed',
  RELEASED: 'released',
  CANCELLED: 'cancelled',
  TASK_STATUS_UNSPECIFIED: 'created',
} as const satisfies Record<TaskStatusMessage, TaskStatusName>;

export const taskStatusFromMessage = (status: TaskStatusMessage): TaskStatusName => STATUS_NAME[status];
