import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '@delivery/contracts';
import type { OptOutRepository } from '../ports/opt-out.repository';

export function describeOptOutRepositoryContract(name: string, make: () => Promise<OptOutRepository>, release?: () => Promise<void>) {
  describe(`OptOutRepository contract: ${name}`, () => {
    let optOuts: OptOutRepository;
    const hash = () => randomBytes(12).toString('base64url');
    const event = (): EventEnvelope => ({
      id: `evt_${randomBytes(6).toString('hex')}`,
      type: 'RecipientOptedOut',
      version: 1,
      occurredAt: '2026-11-27T12:00:00.000Z',
      accountId: 'acc',
      correlationId: 'c',
      causationId: null,
      subject: 'acc',
      data: {},
    });
    const at = '2026-11-27T12:00:00.000Z';

    beforeAll(async () => {
      optOuts = await make();
    });
    afterAll(async () => {
      await optOuts.close();
      await release?.();
    });

    it('keeps an opt-out per account and channel, once, with its event', async () => {
      const h = hash();
      const first = event();
      expect(await optOuts.add({ accountId: 'acc', channel: 'sms', addressHash: h, source: 'sms_keyword', at }, [first])).toBe(true);
      expect(await optOuts.add({ accountId: 'acc', channel: 'sms', addressHash: h, source: 'sms_keyword', at }, [event()])).toBe(false);
      expect(await optOuts.has('acc', 'sms', [hash(), h])).toBe(true);
      expect(await optOuts.has('acc', 'email', [h])).toBe(false);
      expect(await optOuts.has('other', 'sms', [h])).toBe(false);
      expect((await optOuts.outbox.pending(1_000)).map((e) => e.id)).toContain(first.id);
    });

    it('opts back in under any of the hashes, with its event, and then again out', async () => {
      const h = hash();
      await optOuts.add({ accountId: 'acc', channel: 'email', addressHash: h, source: 'unsubscribe_link', at }, []);
      const back = event();
      expect(await optOuts.remove('acc', 'email', [hash(), h], [back])).toBe(true);
      expect(await optOuts.has('acc', 'email', [h])).toBe(false);
      expect(await optOuts.remove('acc', 'email', [h], [event()])).toBe(false);
      expect((await optOuts.outbox.pending(1_000)).map((e) => e.id)).toContain(back.id);
      expect(await optOuts.add({ accountId: 'acc', channel: 'email', addressHash: h, source: 'console', at }, [])).toBe(true);
      expect(await optOuts.has('acc', 'email', [h])).toBe(true);
    });

    it('takes a reply once by its provider id, per account, and again once given back', async () => {
      const sid = `SM${randomBytes(16).toString('hex')}`;
      expect(await optOuts.takeReply('acc', sid, at)).toBe(true);
      expect(await optOuts.takeReply('acc', sid, at)).toBe(false);
      expect(await optOuts.takeReply('other', sid, at)).toBe(true);
      await optOuts.releaseReply('acc', sid);
      expect(await optOuts.takeReply('acc', sid, at)).toBe(true);
    });
  });
}
