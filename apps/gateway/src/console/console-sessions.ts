import { createHash, randomBytes } from 'node:crypto';
import type { AccountUser } from '@delivery/accounts';
import type { KeyValueStore } from '@delivery/key-value';

/** A signed-in console user's session; the user's role and existence are read afresh on every call. */
export interface ConsoleSession {
  userId: string;
  accountId: string;
  csrfToken: string;
  createdAt: string;
  /** Of the password the user signed in with: once it changes, the session has ended. */
  passwordStamp: string;
}

/** A working day: a session ends this long after sign-in, whatever its use. */
export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;

/**
 * Sessions in the key-value store (Redis in production), so every gateway instance knows
 * them. Each is stored under a hash of its cookie value: whoever reads the store cannot
 * sign in with what they read.
 */
export class ConsoleSessions {
  constructor(private readonly kv: KeyValueStore) {}

  async start(user: Pick<AccountUser, 'id' | 'accountId' | 'passwordHash'>, now: Date): Promise<{ id: string; session: ConsoleSession }> {
    const id = randomBytes(32).toString('base64url');
    const session: ConsoleSession = {
      userId: user.id,
      accountId: user.accountId,
      csrfToken: randomBytes(32).toString('base64url'),
      createdAt: now.toISOString(),
      passwordStamp: passwordStampOf(user),
    };
    await this.kv.set(keyOf(id), JSON.stringify(session), SESSION_LIFETIME_MS);
    return { id, session };
  }

  async find(id: string): Promise<ConsoleSession | null> {
    const stored = await this.kv.get(keyOf(id));
    return stored ? (JSON.parse(stored) as ConsoleSession) : null;
  }

  async end(id: string): Promise<void> {
    await this.kv.delete(keyOf(id));
  }
}

const keyOf = (id: string) => `console-session:${createHash('sha256').update(id).digest('base64url')}`;

/** A new password comes with a new salt, so its hash, and this, differ from every earlier one's. */
export const passwordStampOf = (user: Pick<AccountUser, 'passwordHash'>) =>
  createHash('sha256').update(user.passwordHash).digest('base64url').slice(0, 22);
