import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { InvalidUser, publicUser } from './account-users';
import { changeOwnPassword } from './settings/change-own-password';
import { createAccountUser } from './settings/create-account-user';
import { resetUserPassword } from './settings/reset-user-password';
import { EmbeddedAccountRepository } from './account.embedded-repository';
import { verifyPassword } from './password';

describe('createAccountUser', () => {
  const dir = tempDataDir('account-users-');
  const accounts = new EmbeddedAccountRepository(openEmbeddedStore(dir.path));
  const clock = new ManualClock(new Date('2026-03-01T10:00:00.000Z'));
  const deps = { accounts, clock };
  const valid = { accountId: 'acc_1', email: ' Ada@Example.COM ', name: 'Ada', role: 'owner', password: 'correct horse battery' };

  beforeAll(async () => {
    await accounts.createAccount({ id: 'acc_1', name: 'Retailer', createdAt: '2026-01-01T00:00:00.000Z' });
  });
  afterAll(() => dir.remove());

  it('stores a normalized email and a password hash that verifies, never the password', async () => {
    const user = await createAccountUser(valid, deps);
    expect(user).toMatchObject({ accountId: 'acc_1', email: 'ada@example.com', role: 'owner', createdAt: '2026-03-01T10:00:00.000Z' });
    expect(JSON.stringify(user)).not.toContain(valid.password);
    expect(await verifyPassword(valid.password, user.passwordHash)).toBe(true);
    expect(await verifyPassword('correct horse battery!', user.passwordHash)).toBe(false);
    expect(publicUser(user)).not.toHaveProperty('passwordHash');
  });

  it.each([
    [{ email: 'not-an-email' }, /email/],
    [{ role: 'superuser' }, /role/],
    [{ name: '  ' }, /name/],
    [{ password: 'short' }, /password/],
    [{ accountId: 'acc_none' }, /no account/],
    [{ email: 'ADA@example.com' }, /this account has a user with ada@example.com already/],
  ])('refuses %j, naming what is wrong', async (change, message) => {
    await expect(createAccountUser({ ...valid, ...change }, deps)).rejects.toThrow(InvalidUser);
    await expect(createAccountUser({ ...valid, ...change }, deps)).rejects.toThrow(message);
  });
});

describe('passwords after sign-up', () => {
  const dir = tempDataDir('account-passwords-');
  const accounts = new EmbeddedAccountRepository(openEmbeddedStore(dir.path));
  const clock = new ManualClock(new Date('2026-03-01T10:00:00.000Z'));
  const deps = { accounts, clock };
  const first = 'correct horse battery';

  beforeAll(async () => {
    await accounts.createAccount({ id: 'acc_1', name: 'Retailer', createdAt: '2026-01-01T00:00:00.000Z' });
  });
  afterAll(() => dir.remove());

  const aUser = (email: string) => createAccountUser({ accountId: 'acc_1', email, name: 'Ada', role: 'admin', password: first }, deps);

  it('changes the own password only with the current one', async () => {
    const user = await aUser('change@example.com');
    await expect(changeOwnPassword(user, { current: 'not it at all', next: 'a new long password' }, deps)).rejects.toThrow(
      /current_password/,
    );
    await expect(changeOwnPassword(user, { current: first, next: 'short' }, deps)).rejects.toThrow(/new_password/);
    expect(await accounts.getUser(user.id)).toEqual(user);

    const changed = await changeOwnPassword(user, { current: first, next: 'a new long password' }, deps);
    const stored = (await accounts.getUser(user.id))!;
    expect(stored).toEqual(changed);
    expect(await verifyPassword('a new long password', stored.passwordHash)).toBe(true);
    expect(await verifyPassword(first, stored.passwordHash)).toBe(false);
  });

  it('resets a password to a generated one, answered once', async () => {
    const user = await aUser('reset@example.com');
    const { user: reset, password } = await resetUserPassword(user, deps);
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(JSON.stringify(reset)).not.toContain(password);
    expect(await verifyPassword(password, (await accounts.getUser(user.id))!.passwordHash)).toBe(true);
    await accounts.deleteUser(user.id);
    await expect(resetUserPassword(user, deps)).rejects.toThrow(/no user/);
  });
});
