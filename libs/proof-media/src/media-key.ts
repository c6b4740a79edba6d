import { randomBytes } from 'node:crypto';

/** A key segment: what ids of ours are made of; never `.` or `..`. */
const SEGMENT = /^(?!\.{1,2}$)[A-Za-z0-9_.-]{1,128}$/;

/** Whether a key is one of ours: segments of plain characters, so no store reads outside its own. */
export const isMediaKey = (key: string) => key.length <= 512 && key.split('/').every((segment) => SEGMENT.test(segment));

/** The key of a new proof object: the account's and the task's, then the kind and a random id. */
export function mediaKey(accountId: string, taskId: string, kind: 'photo' | 'signature', extension: string): string {
  const key = `${accountId}/${taskId}/${kind}-${randomBytes(12).toString('hex')}.${extension}`;
  if (!isMediaKey(key)) throw new Error(`no media key can be made of account ${accountId} and task ${taskId}`);
  return key;
}

/** Refuses a key that is not one of ours, before any store touches it. */
export function checkedKey(key: string): string {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

/**
 * The key a phone uploads to directly (a presigned PUT), before the gateway has checked it:
 * `pending-` marks it, so no completion may name it until it is checked and moved to a
 * `mediaKey` of its own.
 */
export function pendingMediaKey(accountId: string, taskId: string, kind: 'photo' | 'signature', extension: string): string {
  return mediaKey(accountId, taskId, kind, extension).replace(/\/(photo|signature)-/, '/pending-$1-');
}

/** Whether a key is one a phone uploaded to and the gateway has not checked yet. */
export const isPendingKey = (key: string) => /\/pending-[^/]*$/.test(key);
