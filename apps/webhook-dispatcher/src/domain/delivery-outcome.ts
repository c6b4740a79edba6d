import type { SendResult } from '../ports/webhook-sender';
import { parseRetryAfter, pauseAfter, type RetryPolicy } from './retry-policy';
import type { DeliveryAttempt, NextStep } from '@delivery/webhook-deliveries';

export interface Outcome {
  attempt: DeliveryAttempt;
  next: NextStep;
  /** 410 Gone: the receiver wants no more webhooks at this endpoint. */
  disableEndpoint: boolean;
}

/** Answers that may change on their own: the receiver's trouble (5xx), its throttling (429), its timeout (408). */
const retryable = (statusCode: number) => statusCode >= 500 || statusCode === 429 || statusCode === 408;

function describe(result: SendResult): { statusCode: number | null; error: string | null; retry: boolean } {
  if (result.kind !== 'response') return { statusCode: null, error: result.error, retry: result.kind === 'error' };
  const { statusCode } = result;
  if (statusCode >= 200 && statusCode < 300) return { statusCode, error: null, retry: false };
  if (statusCode >= 300 && statusCode < 400) {
    return { statusCode, error: `redirect to ${result.location ?? '(no location)'} not followed`, retry: false };
  }
  if (statusCode === 410) return { statusCode, error: 'endpoint answered 410 Gone and was disabled', retry: false };
  return { statusCode, error: `endpoint answered ${statusCode}`, retry: retryable(statusCode) };
}

/** What a try's result means: delivered, final, or retried after the policy's pause. */
export function outcomeOf(result: SendResult, triesInRound: number, policy: RetryPolicy, now: number, random?: () => number): Outcome {
  const { statusCode, error, retry } = describe(result);
  const attempt: DeliveryAttempt = { at: new Date(now).toISOString(), latencyMs: result.latencyMs, statusCode, error };
  const disableEndpoint = statusCode === 410;
  if (error === null) return { attempt, next: { status: 'delivered' }, disableEndpoint };
  if (!retry) return { attempt, next: { status: 'failed' }, disableEndpoint };
  const retryAfter = result.kind === 'response' ? parseRetryAfter(result.retryAfter, now) : null;
  const pause = pauseAfter(policy, triesInRound, retryAfter, random);
  return { attempt, next: pause === null ? { status: 'dead' } : { status: 'pending', dueAt: now + pause }, disableEndpoint };
}
