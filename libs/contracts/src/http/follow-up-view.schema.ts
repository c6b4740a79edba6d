import { z } from 'zod';
import { timeWindowViewSchema, toTimeWindowView } from '../time-window.schema';

const window = timeWindowViewSchema;

/**
 * What followed a failed drop-off, as Get Order, the fleet API and the console show it:
 * another attempt (`attempt` 2 or more, in `window`), or the return leg to the pickup.
 */
export const followUpViewSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('reattempt'), attempt: z.number().int(), window }),
  z.object({ kind: z.literal('return'), started_at: z.string(), completed_at: z.string().nullable() }),
]);
export type FollowUpView = z.infer<typeof followUpViewSchema>;

/** The one mapping from the proto message; a kind this version does not know reads as none. */
export function toFollowUpView(
  message:
    | { kind: string; attempt?: number; window?: { startTime: string; endTime: string } | null; startedAt?: string; completedAt?: string }
    | null
    | undefined,
): FollowUpView | null {
  if (message?.kind === 'reattempt' && message.attempt !== undefined && message.window) {
    return {
      kind: 'reattempt',
      attempt: message.attempt,
      window: toTimeWindowView(message.window),
    };
  }
  if (message?.kind === 'return' && message.startedAt) {
    return { kind: 'return', started_at: message.startedAt, completed_at: message.completedAt ?? null };
  }
  return null;
}
