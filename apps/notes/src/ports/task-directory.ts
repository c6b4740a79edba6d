/** What notes need to know of tasks: the way points of an account's task, or null when there is none. */
export interface TaskDirectory {
  wayPointsOf(accountId: string, taskId: string): Promise<{ taskId: string; wayPointIds: string[] } | null>;
}
