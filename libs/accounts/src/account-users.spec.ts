import { ManualClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { tempDataDir } from '@delivery/testing';
import { createAccountUser, InvalidUser, publicUser } from './account-users';
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
    [{ email: 'ADA@example.com' }, /exists already/],
  ])('refuses %j, naming what is wrong', async (change, message) => {
    await expect(createAccountUser({ ...valid, ...change }, deps)).rejects.toThrow(InvalidUser);
    await expect(createAccountUser({ ...valid, ...change }, deps)).rejects.toThrow(message);
  });
});
