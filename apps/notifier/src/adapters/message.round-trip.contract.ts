import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { NOTIFICATION_CHANNELS, NOTIFICATION_MOMENTS } from '@delivery/contracts';
import { messageId, type MessageFacts, type NewMessage, type SentMessage } from '../domain/message';
import type { MessageRepository } from '../ports/message.repository';

const text = fc.string({ maxLength: 40 });
const instant = fc.integer({ min: 1_577_836_800_000, max: 2_208_988_800_000 });
const iso = instant.map((ms) => new Date(ms).toISOString());

const facts = fc.record<MessageFacts>({
  eta: fc.option(iso, { nil: null }),
  window: fc.option(fc.record({ startTime: iso, endTime: iso }), { nil: null }),
  driverFirstName: fc.option(text, { nil: null }),
  photoUrl: fc.option(fc.webUrl(), { nil: null }),
  nextStep: fc.constantFrom('reattempt', 'return', 'none', null),
  trackingToken: fc.option(text, { nil: null }),
  fleetId: fc.option(fc.integer({ min: 1, max: 1_000 }), { nil: null }),
  language: fc.option(fc.stringMatching(/^[a-z]{2,3}$/), { nil: null }),
});

const sent = fc.record<SentMessage>({
  to: text,
  language: fc.stringMatching(/^[a-z]{2,3}$/),
  subject: fc.option(text, { nil: null }),
  body: fc.string({ maxLength: 200 }),
  segments: fc.option(fc.integer({ min: 1, max: 10 }), { nil: null }),
});

/** Arbitrary messages written through a repository and read back whole (for MongoDB: what its schema or BSON would change). */
export function describeMessageRoundTrips(getMessages: () => MessageRepository) {
  it('keeps every field of arbitrary messages, made and then sent', async () => {
    await fc.assert(
      fc.asyncProperty(
        facts,
        sent,
        fc.constantFrom(...NOTIFICATION_MOMENTS),
        fc.constantFrom(...NOTIFICATION_CHANNELS),
        instant,
        fc.option(instant, { nil: null }),
        // Its event's traceparent, or none (absent) when the event came untraced.
        fc.option(
          fc.tuple(fc.stringMatching(/^[0-9a-f]{32}$/), fc.stringMatching(/^[0-9a-f]{16}$/)).map(([t, s]) => `00-${t}-${s}-01`),
          { nil: null },
        ),
        async (madeFacts, asSent, moment, channel, dueAt, expiresAt, trace) => {
          const run = randomBytes(6).toString('hex');
          const taskId = `tsk_${run}`;
          const fresh: NewMessage = {
            id: messageId(taskId, moment, '', channel),
            accountId: `acc_${run}`,
            taskId,
            moment,
            channel,
            occurrence: '',
            facts: madeFacts,
            createdAt: new Date(dueAt).toISOString(),
            dueAt,
            expiresAt,
            ...(trace && { trace }),
          };
          await getMessages().addAll([fresh]);
          const made = (await getMessages().get(fresh.id))!;
          expect({ ...made, history: undefined, status: undefined }).toEqual({
            ...fresh,
            history: undefined,
            status: undefined,
            leaseToken: null,
            sendingSince: null,
            sent: null,
            provider: null,
            providerRef: null,
            tries: 0,
          });
          const [leased] = await getMessages()
            .claimDue(dueAt, 1_000, `t_${run}`, dueAt + 60_000)
            .then((all) => all.filter((m) => m.id === fresh.id));
          const at = new Date(dueAt + 1).toISOString();
          await getMessages().settle(
            fresh.id,
            leased!.leaseToken,
            { status: 'sent', at, detail: null, provider: 'twilio', providerRef: `SM${run}`, sent: asSent },
            [],
          );
          expect(await getMessages().findByProviderRef('twilio', `SM${run}`)).toMatchObject({
            id: fresh.id,
            status: 'sent',
            sent: asSent,
            facts: madeFacts,
          });
        },
      ),
      { numRuns: 30 },
    );
  });
}
