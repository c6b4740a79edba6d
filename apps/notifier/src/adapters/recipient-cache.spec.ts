import type { Recipient, RecipientDirectory } from '../ports/recipient-directory';
import { RecipientCache } from './recipient-cache';

const ada: Recipient = { personName: 'Ada Lovelace', phoneNumber: '+44 20 7946 0958', email: 'ada@example.com', countryCode: 'GB' };

function directory(answers: (() => Promise<Recipient | null>)[]) {
  const asked: string[] = [];
  const inner: RecipientDirectory = {
    find: (accountId, taskId) => {
      asked.push(`${accountId}/${taskId}`);
      return answers.shift()!();
    },
    snapshotOf: async () => null,
  };
  return { inner, asked };
}

describe('the recipient cache', () => {
  it("reads a task's recipient once for the messages going out together, and again once seconds have passed", async () => {
    const { inner, asked } = directory([async () => ada, async () => ({ ...ada, phoneNumber: '+44 20 7946 0000' })]);
    let now = 0;
    const cache = new RecipientCache(inner, () => now);
    const [sms, email] = await Promise.all([cache.find('acc', 'tsk_1'), cache.find('acc', 'tsk_1')]);
    expect(sms).toBe(email);
    expect(asked).toEqual(['acc/tsk_1']);
    now = 5_000;
    expect((await cache.find('acc', 'tsk_1'))?.phoneNumber).toBe('+44 20 7946 0000');
    expect(asked).toEqual(['acc/tsk_1', 'acc/tsk_1']);
  });

  it("keeps each account's tasks apart, and does not keep a failed read", async () => {
    const { inner, asked } = directory([
      async () => {
        throw new Error('order-lifecycle unavailable');
      },
      async () => ada,
      async () => null,
    ]);
    const cache = new RecipientCache(inner, () => 0);
    await expect(cache.find('acc', 'tsk_1')).rejects.toThrow('unavailable');
    await expect(cache.find('acc', 'tsk_1')).resolves.toEqual(ada);
    await expect(cache.find('other', 'tsk_1')).resolves.toBeNull();
    expect(asked).toEqual(['acc/tsk_1', 'acc/tsk_1', 'other/tsk_1']);
  });
});
