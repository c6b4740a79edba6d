import { TASK_STATUSES, type TaskStatusName } from '@delivery/contracts';
import type { TaskStatus__Output as TaskStatusMessage } from './generated/delivery/v1/TaskStatus';

type KnownStatusMessage = Exclude<TaskStatusMessage, 'TASK_STATUS_UNSPECIFIED'>;

/** A task status as the proto enum names it: the same word in capitals. */
export const TASK_STATUS_MESSAGE = Object.fromEntries(TASK_STATUSES.map((name) => [name, name.toUpperCase()])) as {
  [S in TaskStatusName]: Uppercase<S>;
} satisfies Record<TaskStatusName, KnownStatusMessage>;

/** Unspecified (a sender that knows no status) reads as created. */
export const taskStatusFromMessage = (status: TaskStatusMessage): TaskStatusName =>
  status === 'TASK_STATUS_UNSPECIFIED' ? 'created' : (status.toLowerCase() as TaskStatusName);
