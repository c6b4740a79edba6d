import type { z } from 'zod';

/** Why a consumer passed a message over: for its metric (`events_passed_over_total`). */
export type PassedOverReason = 'not-json' | 'unknown-event';

/** Who reads, for its log lines, and where a message passed over is told. */
export interface EventReader {
  /** The consumer, as its log lines name it ("webhook dispatcher", "notifier"). */
  name: string;
  logger: Pick<Console, 'error'>;
  passedOver?: (reason: PassedOverReason) => void;
}

/**
 * A consumed message's value as its topic's event, checked against the schema; null for one
 * that is not JSON or fails it (newer than this reader, or damaged), passed over with a log
 * line naming the event and where it fails, and told to `passedOver`. Every consumer reads
 * its events through this one door.
 */
export function readEvent<S extends z.ZodType>(value: string, schema: S, reader: EventReader): z.output<S> | null {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    reader.logger.error(`${reader.name}: passing over a message that is not JSON`);
    reader.passedOver?.('not-json');
    return null;
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const { id, type, version } = (json ?? {}) as { id?: unknown; type?: unknown; version?: unknown };
  const issue = parsed.error.issues[0];
  reader.logger.error(
    `${reader.name}: passing over event ${String(id)} (${String(type)}${version === undefined ? '' : ` v${String(version)}`}) that fails its schema at ${issue?.path.join('.') || '(root)'}: ${issue?.message}`,
  );
  reader.passedOver?.('unknown-event');
  return null;
}
