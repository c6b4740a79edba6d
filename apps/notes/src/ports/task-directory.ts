import type { TaskSnapshot } from '@delivery/contracts';

/** What notes need to know of tasks: an account's task as it stands, or null when there is none. */
export interface TaskDirectory {
  find(accountId: string, taskId: string): Promise<TaskSnapshot | null>;
}
