import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { DEFAULT_NOTIFICATION_SETTINGS, type Account } from '@delivery/accounts';
import { systemClock } from '@delivery/clock';
import { openEmbeddedStore } from '@delivery/embedded-store';
import { EmbeddedKeyValueStore } from '@delivery/key-value/embedded';
import { eventually, tempDataDir } from '@delivery/testing';
import { EmbeddedMessageRepository } from '../adapters/message.embedded-repository';
import { EmbeddedOptOutRepository } from '../adapters/opt-out.embedded-repository';
import type { SendOutcome } from '../ports/message-senders';
import { AddressHasher } from './address-hash';
import { aNewMessage } from '../testing/message.fixture';
import { A_TWILIO_CHANNEL } from '../testing/twilio-channel.fixture';
import { messageWorker } from './message-worker';

describe('the message worker', () => {
  const dir = tempDataDir('notifier-worker-');
  const store = openEmbeddedStore(join(dir.path, 'notifier'));
  const messages = new EmbeddedMessageRepository(store);
  afterAll(async () => {
    await store.close();
    dir.remove();
  });

  const accepted = (): SendOutcome => ({ kind: 'accepted', providerRef: `SM${randomBytes(8).toString('hex')}` });
  /** A worker whose Twilio takes each SMS body into `sent`, and answers one saying "slow" only once `releaseSlow` is called. */
  const aWorker = () => {
    const sent: string[] = [];
    let releaseSlow: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (releaseSlow = resolve));
    const worker = messageWorker(
      {
        messages,
        optOuts: new EmbeddedOptOutRepository(store, messages.outbox),
        recipients: {
          find: async () => ({ personName: 'Ada', phoneNumber: '+12175550199', email: null, countryCode: 'US' }),
          snapshotOf: async () => null,
        },
        accountOf: async (id) =>
          ({
            id,
            name: id,
            createdAt: '',
            notifications: { ...DEFAULT_NOTIFICATION_SETTINGS, quietHours: null, sms: A_TWILIO_CHANNEL },
          }) as Account,
        timeZoneOf: async () => null,
        sms: {
          send: async (_channel, message) => {
            sent.push(message.body);
            if (message.body.includes('slow')) await slow;
            return accepted();
          },
          close: () => undefined,
        },
        email: { send: async () => accepted(), close: () => undefined },
        hasher: new AddressHasher([randomBytes(32)]),
        links: { tracking: () => '', unsubscribe: () => '', twilioStatus: () => null },
        clock: systemClock,
        budgets: new EmbeddedKeyValueStore(store),
        logger: { error: () => undefined },
        sent: () => undefined,
      },
      { concurrency: 4, perAccountConcurrency: 2, leaseMs: 60_000, pollIntervalMs: 20 },
    );
    return { worker, sent, releaseSlow: () => releaseSlow() };
  };

  it("gives one account at most its share of the slots: another account's messages go while a slow provider holds the first's", async () => {
    const { worker, sent, releaseSlow } = aWorker();
    const now = Date.now();
    const made = (accountId: string, n: number, driver: string) =>
      aNewMessage(
        {
          accountId,
          taskId: `tsk_${accountId}_${n}`,
          createdAt: new Date(now).toISOString(),
          dueAt: now - (accountId === 'busy' ? 1_000 : 0),
        },
        { driverFirstName: driver, trackingToken: null, fleetId: null },
      );
    await messages.addAll([...[1, 2, 3, 4, 5].map((n) => made('busy', n, 'slow')), ...[1, 2].map((n) => made('quiet', n, 'Sam'))]);
    worker.start();
    try {
      // The busy account's messages are due first, and its provider never answers: two are held, the quiet account's both go.
      await eventually(() => expect(sent.filter((body) => body.startsWith('Sam'))).toHaveLength(2));
      expect(sent.filter((body) => body.startsWith('slow'))).toHaveLength(2);
      releaseSlow();
      await eventually(() => expect(sent.filter((body) => body.startsWith('slow'))).toHaveLength(5));
    } finally {
      releaseSlow();
      await worker.stop();
    }
  });

  it('never sends again a message begun by a worker that died, though it first waits behind its account’s share', async () => {
    const { worker, sent, releaseSlow } = aWorker();
    const now = Date.now();
    // Begun by a worker that died before Twilio answered: its lease has run out.
    const begun = aNewMessage({ accountId: 'crowded', dueAt: now - 500 }, { driverFirstName: 'Begun' });
    await messages.addAll([begun]);
    await messages.claimDue(now, 1, 'dead-worker', now - 1);
    expect(
      await messages.begin(
        begun.id,
        'dead-worker',
        { to: '+1•••99', language: 'en', subject: null, body: 'Begun', segments: 1 },
        new Date(now).toISOString(),
      ),
    ).toBe(true);
    // Two of its account's messages due before it fill the account's share: the claim leaves it for later, unleased.
    await messages.addAll(
      [1, 2].map((n) => aNewMessage({ accountId: 'crowded', taskId: `tsk_crowded_${n}`, dueAt: now - 1_000 }, { driverFirstName: 'slow' })),
    );
    worker.start();
    try {
      await eventually(() => expect(sent.filter((body) => body.startsWith('slow'))).toHaveLength(2));
      releaseSlow();
      await eventually(async () => expect((await messages.get(begun.id))?.status).toBe('unknown'));
      expect(sent.filter((body) => body.startsWith('Begun'))).toEqual([]);
    } finally {
      releaseSlow();
      await worker.stop();
    }
  });
});
