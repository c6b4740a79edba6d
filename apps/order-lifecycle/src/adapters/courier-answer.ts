import type { CourierAnswer as NetworkAnswer, CourierReport } from '@delivery/couriers';
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
