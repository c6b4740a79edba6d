import type { TaskSnapshot } from '@delivery/contracts';

/** The recipient of a task as its drop-off names them, read when a message goes out (the events carry no address). */
export interface Recipient {
  personName: string | null;
  phoneNumber: string | null;
  email: string | null;
  countryCode: string | null;
}

export interface RecipientDirectory {
  /** Null when the account has no such task. */
  find(accountId: string, taskId: string): Promise<Recipient | null>;
  /** The task as its events carry it (for a preview from a real delivery); null when the account has no such task. */
  snapshotOf(accountId: string, taskId: string): Promise<TaskSnapshot | null>;
}
