import type { LoggedMessage } from './topic-log';

/** What the store committed for a task: each event of its timeline, by type and time (written with its outbox entries). */
export type Timeline = readonly { event: string; at: string }[];

export interface CheckInput {
  /** The tasks the load made, and whether a courier network carried each. */
  tasks: readonly { taskId: string; courier: boolean }[];
  /** The orders topic's and the dead-letter topic's messages as read, in each partition's order (re-reads allowed). */
  messages: readonly LoggedMessage[];
  ordersTopic: string;
  deadLetterTopic: string;
  /** The notifier's topic: each message's settlement (sent, skipped, kept unsent, failed) as an event. */
  notificationsTopic: string;
  timelines: ReadonlyMap<string, Timeline>;
  /** `data.event_id` of every webhook the receiver took. */
  webhookEventIds: ReadonlySet<string>;
  /** How many deliveries the courier network made for a task (by our id). */
  courierDeliveries: (taskId: string) => number;
  /** What the providers took: each SMS's body (Twilio's fake), each e-mail's message id (the SMTP server's, without its domain). */
  received: ProvidersReceived;
}

export interface ProvidersReceived {
  sms: readonly string[];
  emailMessageIds: readonly string[];
}

export interface CheckResult {
  tasks: number;
  events: number;
  /** Messages carrying an event id already on the topic (at-least-once publishing). */
  duplicates: number;
  /**
   * A fault of its own, reported apart: each repeat that came after a newer revision of its
   * task (`e1 → e2 → e1`), as a relay paused in the middle of a publish sends once it resumes,
   * after another took the lead and published the same entries and newer ones. Kafka cannot
   * fence it without transactions; consumers drop it by its event id (docs/decisions.md,
   * "A stale republish").
   */
  staleRepublishes: string[];
  deadLetters: number;
  /** Each thing wrong, naming its task; none when the run kept every promise. */
  problems: string[];
}

/** The events a task must have exactly once, whatever happened. */
const ONCE = ['OrderCreated', 'TaskDelivered'];

/** The order events whose moment the recipient is told (every moment is on by default), on each channel. */
const TOLD: readonly { event: string; moment: string }[] = [
  { event: 'TaskDispatched', moment: 'dispatched' },
  { event: 'TaskDelivered', moment: 'delivered' },
];
const CHANNELS = ['sms', 'email'];
/** The notification events that settle a message; each message has one, whatever is repeated. */
const SETTLEMENTS = new Set(['NotificationSent', 'NotificationSkipped', 'NotificationFailed']);

/**
 * The recipient's side, per task: each message settled once (one settlement event, however
 * often it was published), and one for each channel of each told moment its order events
 * reached, so nothing a fault interrupted was lost or told twice; and at the providers, no
 * message taken twice, every e-mail settled sent taken, and as many SMS taken as were
 * settled sent, give or take those whose send was cut off with no answer (settled
 * `unknown`: Twilio may or may not have taken them, and they are never sent again).
 */
export function notificationProblems(
  input: Pick<CheckInput, 'tasks' | 'messages' | 'ordersTopic' | 'notificationsTopic' | 'received'>,
): string[] {
  const taskIds = new Set(input.tasks.map((task) => task.taskId));
  const reached = new Map<string, Set<string>>();
  const settled = new Map<string, Map<string, Set<string>>>();
  const sentEmails = new Map<string, string>();
  const sms = { sent: new Set<string>(), unknown: new Set<string>() };
  for (const { topic, event } of input.messages) {
    if (!event || !taskIds.has(event.subject)) continue;
    if (topic === input.ordersTopic) reached.set(event.subject, (reached.get(event.subject) ?? new Set()).add(event.type));
    if (topic !== input.notificationsTopic || !SETTLEMENTS.has(event.type)) continue;
    const ofTask = settled.get(event.subject) ?? new Map<string, Set<string>>();
    const key = `${event.data?.moment} ${event.data?.channel}`;
    ofTask.set(key, (ofTask.get(key) ?? new Set()).add(event.id));
    settled.set(event.subject, ofTask);
    const messageId = String(event.data?.messageId);
    if (event.type === 'NotificationSent' && event.data?.channel === 'email') sentEmails.set(messageId, `${event.subject}: its ${key}`);
    if (event.data?.channel !== 'sms') continue;
    if (event.type === 'NotificationSent') sms.sent.add(messageId);
    if (event.type === 'NotificationFailed' && event.data?.status === 'unknown') sms.unknown.add(messageId);
  }
  const problems: string[] = [];
  for (const { taskId } of input.tasks) {
    const ofTask = settled.get(taskId) ?? new Map<string, Set<string>>();
    for (const [key, ids] of ofTask) if (ids.size > 1) problems.push(`${taskId}: its ${key} message settled ${ids.size} times`);
    for (const { event, moment } of TOLD) {
      if (!reached.get(taskId)?.has(event)) continue;
      for (const channel of CHANNELS) {
        if (!ofTask.has(`${moment} ${channel}`)) problems.push(`${taskId}: no ${moment} ${channel} message settled`);
      }
    }
  }
  const emails = counted(input.received.emailMessageIds);
  for (const [messageId, times] of emails) if (times > 1) problems.push(`the e-mail ${messageId} was taken ${times} times`);
  for (const [messageId, which] of sentEmails) if (!emails.has(messageId)) problems.push(`${which} message was settled sent, never taken`);
  const texts = counted(input.received.sms);
  for (const [body, times] of texts) if (times > 1) problems.push(`an SMS was taken ${times} times: ${body}`);
  if (texts.size < sms.sent.size || texts.size > sms.sent.size + sms.unknown.size) {
    problems.push(`${texts.size} SMS taken by Twilio, ${sms.sent.size} settled sent and ${sms.unknown.size} cut off unanswered`);
  }
  return problems;
}

function counted(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}

/**
 * The fault suite's verdict, per task: no event lost (the topic has every event its
 * timeline committed, and no other), its events in order on one partition (no new event of
 * an older revision after a newer one; a repeat of an event already seen is a duplicate,
 * counted), each made once, every event a webhook the receiver took, exactly one courier
 * delivery for a courier's task, every told moment's messages settled once
 * (`notificationProblems`), and nothing dead-lettered.
 */
export function checkFaultRun(input: CheckInput): CheckResult {
  const problems: string[] = [];
  const read = new Set<string>();
  const byTask = new Map<string, { partition: number; id: string; type: string; at: string; revision: number | null }[]>();
  const taskIds = new Set(input.tasks.map((task) => task.taskId));
  let [duplicates, deadLetters] = [0, 0];
  const staleRepublishes: string[] = [];
  const seen = new Set<string>();
  const newest = new Map<string, number>();
  for (const message of sortedByPosition(input.messages)) {
    const position = `${message.topic}/${message.partition}/${message.offset}`;
    if (read.has(position)) continue;
    read.add(position);
    if (message.topic === input.deadLetterTopic) deadLetters += 1;
    if (message.topic !== input.ordersTopic || !message.event || !taskIds.has(message.event.subject)) continue;
    const { id, type, subject, occurredAt } = message.event;
    const revision = message.event.data?.task?.revision ?? null;
    const top = newest.get(subject) ?? -Infinity;
    if (seen.has(id)) {
      duplicates += 1;
      if (revision !== null && revision < top)
        staleRepublishes.push(`${subject}: ${type} (${id}) of revision ${revision} again after revision ${top}`);
      continue;
    }
    seen.add(id);
    if (revision !== null && revision < top) problems.push(`${subject}: ${type} (${id}) of revision ${revision} after revision ${top}`);
    if (revision !== null) newest.set(subject, Math.max(top, revision));
    const events = byTask.get(subject) ?? [];
    events.push({ partition: message.partition, id, type, at: occurredAt, revision });
    byTask.set(subject, events);
  }
  let events = 0;
  for (const { taskId, courier } of input.tasks) {
    const published = byTask.get(taskId) ?? [];
    events += published.length;
    const timeline = input.timelines.get(taskId);
    if (!timeline) {
      problems.push(`${taskId}: not in the store`);
      continue;
    }
    const unmatched = new Map<string, number>();
    const key = (type: string, at: string) => `${type}@${at}`;
    for (const step of timeline) unmatched.set(key(step.event, step.at), (unmatched.get(key(step.event, step.at)) ?? 0) + 1);
    for (const event of published) {
      const left = unmatched.get(key(event.type, event.at)) ?? 0;
      if (left === 0) problems.push(`${taskId}: ${event.type} at ${event.at} is on the topic but not in the store`);
      else unmatched.set(key(event.type, event.at), left - 1);
    }
    for (const [step, left] of unmatched) if (left > 0) problems.push(`${taskId}: lost ${left} × ${step}`);
    const partitions = new Set(published.map((event) => event.partition));
    if (partitions.size > 1) problems.push(`${taskId}: its events on partitions ${[...partitions].join(', ')}`);
    for (const type of ONCE) {
      const count = published.filter((event) => event.type === type).length;
      if (count !== 1) problems.push(`${taskId}: ${count} × ${type}`);
    }
    const missing = published.filter((event) => !input.webhookEventIds.has(event.id));
    if (missing.length > 0) problems.push(`${taskId}: no webhook of ${missing.map((event) => event.type).join(', ')}`);
    const deliveries = input.courierDeliveries(taskId);
    if (courier && deliveries !== 1) problems.push(`${taskId}: ${deliveries} courier deliveries`);
  }
  if (deadLetters > 0) problems.push(`${deadLetters} dead letters`);
  problems.push(...notificationProblems(input));
  return { tasks: input.tasks.length, events, duplicates, staleRepublishes, deadLetters, problems };
}

/** Each partition's messages in offset order (they were read so, but a re-read after a restart may interleave). */
function sortedByPosition(messages: readonly LoggedMessage[]): LoggedMessage[] {
  return [...messages].sort((a, b) =>
    a.topic !== b.topic
      ? a.topic.localeCompare(b.topic)
      : a.partition !== b.partition
        ? a.partition - b.partition
        : Number(BigInt(a.offset) - BigInt(b.offset)),
  );
}
