import { createHash } from 'node:crypto';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Every key-value key of the gateway. Tokens are stored under their SHA-256, so a leaked
 * store holds no usable token.
 */
export const keys = {
  accessToken: (token: string) => `gateway:token:${sha256(token)}`,
  /** A legacy-path signature already used within the tolerance window: a replay. */
  usedSignature: (signature: string) => `gateway:signature:${sha256(signature)}`,
  /**
   * The first answer to a caller's Idempotency-Key: scoped to the client app that sent it
   * (an integration or a fleet's app), never only to the account, so another app's same key
   * is a plain miss. The key is the caller's, so it is hashed too.
   */
  idempotency: (caller: { accountId: string; clientId: string }, key: string) =>
    `gateway:idempotency:${sha256(`${caller.accountId}\n${caller.clientId}\n${key}`)}`,
  /** How many instructions a task's tracking link has left (MAX_INSTRUCTIONS_PER_TASK). */
  trackingInstructions: (taskId: string) => `gateway:tracking:instructions:${taskId}`,
};
