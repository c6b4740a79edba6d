import { checkFaultRun, type CheckInput } from './fault-checker';
import type { LoggedMessage } from './topic-log';

const ORDERS = 'delivery.orders.v1';
const DEAD = 'delivery.dead-letters.v1';
const NOTIFICATIONS = 'delivery.notifications.v1';
const FLOW = ['OrderCreated', 'TaskDispatched', 'DispatchAccepted', 'TaskDelivered'];

/** One task's flow as the relay publishes it: an event per revision, each a second apart. */
function flow(taskId: string, partition = 0): LoggedMessage[] {
  return FLOW.map((type, i) => ({
    topic: ORDERS,
    partition,
    offset: String(i),
    event: { id: `${taskId}-e${i}`, type, subject: taskId, occurredAt: `2026-11-27T10:00:0${i}.000Z`, data: { task: { revision: i + 1 } } },
  }));
}
/** The notifier's settlement of a message: kept unsent, as with no provider. */
const settlement = (taskId: string, moment: string, channel: string, id = `${taskId}-${moment}-${channel}`): LoggedMessage => ({
  topic: NOTIFICATIONS,
  partition: 0,
  offset: '0',
  event: { id, type: 'NotificationSkipped', subject: taskId, occurredAt: '2026-11-27T10:00:05.000Z', data: { moment, channel } },
});
/** A message's settlement as sent (or, `unknown`, cut off unanswered), its id `<task>-<moment>-<channel>`. */
const sent = (taskId: string, moment: string, channel: string, status: 'sent' | 'unknown' = 'sent'): LoggedMessage => {
  const id = `${taskId}-${moment}-${channel}`;
  const type = status === 'sent' ? 'NotificationSent' : 'NotificationFailed';
  return {
    ...settlement(taskId, moment, channel),
    event: { ...settlement(taskId, moment, channel).event!, type, data: { messageId: id, moment, channel, status } },
  };
};
/** The recipient told of a task's dispatch and delivery, by SMS and e-mail. */
const told = (taskId: string) =>
  renumbered(['dispatched', 'delivered'].flatMap((moment) => ['sms', 'email'].map((channel) => settlement(taskId, moment, channel))));
const renumbered = (messages: LoggedMessage[]) => messages.map((m, i) => ({ ...m, offset: String(i) }));

function input(messages: LoggedMessage[], overrides: Partial<CheckInput> = {}): CheckInput {
  const timeline = FLOW.map((event, i) => ({ event, at: `2026-11-27T10:00:0${i}.000Z` }));
  return {
    tasks: [{ taskId: 'tsk_1', courier: true }],
    messages: [...messages, ...told('tsk_1')],
    ordersTopic: ORDERS,
    deadLetterTopic: DEAD,
    notificationsTopic: NOTIFICATIONS,
    timelines: new Map([['tsk_1', timeline]]),
    webhookEventIds: new Set(messages.flatMap((m) => (m.event ? [m.event.id] : []))),
    courierDeliveries: () => 1,
    received: { sms: [], emailMessageIds: [] },
    ...overrides,
  };
}

describe('the fault suite’s checker', () => {
  it("names a told moment's message lost, and one settled twice (a repeat of one event is not)", () => {
    const messages = flow('tsk_1');
    const without = (moment: string, channel: string) =>
      told('tsk_1').filter((m) => !(m.event!.data!.moment === moment && m.event!.data!.channel === channel));
    expect(checkFaultRun({ ...input(messages), messages: [...messages, ...without('delivered', 'sms')] }).problems).toEqual([
      'tsk_1: no delivered sms message settled',
    ]);
    const twice = [...told('tsk_1'), settlement('tsk_1', 'dispatched', 'email'), settlement('tsk_1', 'dispatched', 'email', 'another')];
    expect(checkFaultRun({ ...input(messages), messages: [...messages, ...renumbered(twice)] }).problems).toEqual([
      'tsk_1: its dispatched email message settled 2 times',
    ]);
  });

  it('names a message a provider took twice, an e-mail settled sent that never arrived, and SMS counts that do not add up', () => {
    const messages = flow('tsk_1');
    const told = renumbered(
      ['dispatched', 'delivered'].flatMap((moment) => [sent('tsk_1', moment, 'sms'), sent('tsk_1', moment, 'email')]),
    );
    const run = (received: CheckInput['received'], settlements = told) =>
      checkFaultRun({ ...input(messages, { received }), messages: [...messages, ...settlements] }).problems;
    const emails = ['tsk_1-dispatched-email', 'tsk_1-delivered-email'];
    expect(run({ sms: ['on its way', 'delivered'], emailMessageIds: emails })).toEqual([]);
    expect(run({ sms: ['on its way', 'delivered', 'delivered'], emailMessageIds: [...emails, emails[0]!] })).toEqual([
      'the e-mail tsk_1-dispatched-email was taken 2 times',
      'an SMS was taken 2 times: delivered',
    ]);
    expect(run({ sms: ['on its way'], emailMessageIds: emails.slice(1) })).toEqual([
      'tsk_1: its dispatched email message was settled sent, never taken',
      '1 SMS taken by Twilio, 2 settled sent and 0 cut off unanswered',
    ]);
    // A send cut off unanswered may or may not have reached Twilio: either count adds up.
    const cutOff = renumbered([
      ...told.filter((m) => m.event!.data!.moment !== 'delivered' || m.event!.data!.channel !== 'sms'),
      sent('tsk_1', 'delivered', 'sms', 'unknown'),
    ]);
    expect(run({ sms: ['on its way'], emailMessageIds: emails }, cutOff)).toEqual([]);
    expect(run({ sms: ['on its way', 'delivered'], emailMessageIds: emails }, cutOff)).toEqual([]);
  });

  it('passes a run that kept every promise, and counts a message read twice (a consumer’s restart) once', () => {
    const messages = flow('tsk_1');
    const result = checkFaultRun(input([...messages, messages[1]!]));
    expect(result).toEqual({ tasks: 1, events: 4, duplicates: 0, staleRepublishes: [], deadLetters: 0, problems: [] });
  });

  it('allows a republished event (same id) and counts it; one after a newer revision is a stale republish, named apart', () => {
    const [created, dispatched, accepted, delivered] = flow('tsk_1');
    const result = checkFaultRun(input(renumbered([created!, dispatched!, dispatched!, accepted!, dispatched!, delivered!])));
    expect(result).toMatchObject({ duplicates: 2, problems: [] });
    expect(result.staleRepublishes).toEqual([`tsk_1: TaskDispatched (${dispatched!.event!.id}) of revision 2 again after revision 3`]);
  });

  it('names an event lost: committed with the task, never on the topic, and its missing webhook', () => {
    const [created, , accepted, delivered] = flow('tsk_1');
    expect(checkFaultRun(input(renumbered([created!, accepted!, delivered!]))).problems).toEqual([
      'tsk_1: lost 1 × TaskDispatched@2026-11-27T10:00:01.000Z',
    ]);
    const all = flow('tsk_1');
    expect(checkFaultRun(input(all, { webhookEventIds: new Set([all[0]!.event!.id]) })).problems).toEqual([
      'tsk_1: no webhook of TaskDispatched, DispatchAccepted, TaskDelivered',
    ]);
  });

  it('names a new event of an older revision after a newer one: a reordered task', () => {
    const [created, dispatched, accepted, delivered] = flow('tsk_1');
    expect(checkFaultRun(input(renumbered([created!, accepted!, dispatched!, delivered!]))).problems).toEqual([
      'tsk_1: TaskDispatched (tsk_1-e1) of revision 2 after revision 3',
    ]);
  });

  it('names a second courier delivery, a task never delivered, an event the store never wrote, split partitions and dead letters', () => {
    const messages = flow('tsk_1');
    expect(checkFaultRun(input(messages, { courierDeliveries: () => 2 })).problems).toEqual(['tsk_1: 2 courier deliveries']);
    expect(checkFaultRun(input(messages.slice(0, 3), { timelines: new Map([['tsk_1', []]]) })).problems).toEqual([
      'tsk_1: OrderCreated at 2026-11-27T10:00:00.000Z is on the topic but not in the store',
      'tsk_1: TaskDispatched at 2026-11-27T10:00:01.000Z is on the topic but not in the store',
      'tsk_1: DispatchAccepted at 2026-11-27T10:00:02.000Z is on the topic but not in the store',
      'tsk_1: 0 × TaskDelivered',
    ]);
    const split = messages.map((m, i) => ({ ...m, partition: i < 2 ? 0 : 1 }));
    expect(checkFaultRun(input(split)).problems).toEqual(['tsk_1: its events on partitions 0, 1']);
    const dead: LoggedMessage = { topic: DEAD, partition: 0, offset: '0', event: null };
    expect(checkFaultRun(input([...messages, dead])).problems).toEqual(['1 dead letters']);
  });
});
