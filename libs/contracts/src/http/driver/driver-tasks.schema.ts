import { z } from 'zod';
import { fleetTaskViewSchema } from '../fleet-api.schema';
import { noteViewSchema } from '../note.schema';

/**
 * A task as a driver's app shows it: the fleet's view (no charges, no caller's fields, no
 * e-mail addresses) and the driver's part in it: `mine` once they accepted it, `offered`
 * while it waits for one of the fleet's drivers to accept it.
 */
export const driverTaskViewSchema = fleetTaskViewSchema.extend({ part: z.enum(['mine', 'offered']) });
export type DriverTaskView = z.infer<typeof driverTaskViewSchema>;

/** The driver's tasks under way and those offered to the fleet's drivers, in route order. */
export const driverTaskListSchema = z.object({ tasks: z.array(driverTaskViewSchema) });

/** One task, with the notes for its driver (text, table, sanitized HTML); null when they cannot be read just now. */
export const driverTaskAnswerSchema = z.object({ task: driverTaskViewSchema, notes: z.array(noteViewSchema).nullable() });

/** A step's answer: the task after it (null once it is no longer the driver's: rejected), and whether the step changed it. */
export const driverStepAnswerSchema = z.object({ changed: z.boolean(), task: driverTaskViewSchema.nullable() });

/** An upload kept: `media` is what the completion's `photo_url` or `signature_url` names it by. */
export const driverMediaAnswerSchema = z.object({ media: z.string(), content_type: z.enum(['image/jpeg', 'image/png']) });

/** Where to PUT a proof straight to the store, and its pending name to finish it by; both null where uploads go through the gateway. */
export const driverDirectUploadSchema = z.object({ upload_url: z.string().nullable(), pending: z.string().nullable() });
export const driverDirectUploadRequestSchema = z.object({ content_type: z.enum(['image/jpeg', 'image/png']) });
export const driverFinishUploadRequestSchema = z.object({ pending: z.string() });
