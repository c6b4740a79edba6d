import { z } from 'zod';
import { isoTimestamp } from './http/timestamp.schema';

/**
 * A time window, ISO 8601 instants: one definition for every surface. Events and messages
 * write it `startTime`/`endTime`; the HTTP APIs and webhooks as the spec writes windows,
 * `start_time`/`end_time`, through the one mapping below.
 */
export const timeWindowSchema = z.object({ startTime: z.string(), endTime: z.string() });
export type TimeWindow = z.infer<typeof timeWindowSchema>;

export const timeWindowViewSchema = z.object({ start_time: z.string(), end_time: z.string() });
export type TimeWindowView = z.infer<typeof timeWindowViewSchema>;

/** A window a quote answers, or a fleet's answer gives: both times ISO 8601 with their zone. */
export const isoTimeWindowViewSchema = z.object({ start_time: isoTimestamp, end_time: isoTimestamp });

export const toTimeWindowView = (window: TimeWindow): TimeWindowView => ({ start_time: window.startTime, end_time: window.endTime });
