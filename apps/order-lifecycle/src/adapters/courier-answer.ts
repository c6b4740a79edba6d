import { CourierInputError, type CourierAnswer as NetworkAnswer, type CourierReport } from '@delivery/couriers';
import type { Task } from '../domain/task';
import type { CourierAnswer } from '../ports/couriers';

/** Worth another try: no answer, an outage, or the network asking us to slow down. */
const retryable = (status: string | null) => status === null || status === 'timeout' || status === '429' || status.startsWith('5');

/** A network's answer as the port gives it: a delivery's report, or its refusal (retryable or not) in our words. */
export function courierAnswerOf<T>(
  answer: NetworkAnswer<T>,
  network: string,
  reportOf: (value: T) => [CourierReport | null, string],
): CourierAnswer {
  if (!answer.ok) return { ok: false, reason: answer.failure.message, retryable: retryable(answer.failure.status) };
  const [report, status] = reportOf(answer.value);
  return report
    ? { ok: true, report }
    : { ok: false, reason: `${network} answered a delivery status we do not know (${status})`, retryable: true };
}

/** What a network's request is made from: the task's stops, its declared value, and a reservation's pick-up time still ahead. */
export interface TaskForNetwork {
  stops: { pickup: unknown; dropoff: unknown };
  orderValue: number | null;
  pickupAhead: string | null;
}

/**
 * The network's request for the task, or the refusal to send it (a detail the network
 * requires is missing, named in our words): no call is made then.
 */
export function requestFor<T>(
  task: Task,
  now: number,
  build: (given: TaskForNetwork) => T,
): { ok: true; input: T } | { ok: false; answer: CourierAnswer } {
  const pickupAt = task.reservation?.pickupWindow.startTime ?? null;
  try {
    const input = build({
      stops: { pickup: task.wayPoints[0]!.party, dropoff: task.wayPoints.at(-1)!.party },
      orderValue: task.monetaryValue === null ? null : Number(task.monetaryValue),
      pickupAhead: pickupAt && Date.parse(pickupAt) > now ? pickupAt : null,
    });
    return { ok: true, input };
  } catch (error) {
    if (error instanceof CourierInputError) return { ok: false, answer: { ok: false, reason: error.message, retryable: false } };
    throw error;
  }
}
