import { z } from 'zod';

/** One of a fleet's own drivers, as the console shows them. */
export const consoleDriverSchema = z.object({
  id: z.string(),
  fleet_id: z.number().int(),
  name: z.string(),
  /** E.164: what their sign-in code is sent to. */
  phone: z.string(),
  email: z.string().nullable(),
  created_at: z.string(),
});
export type ConsoleDriver = z.infer<typeof consoleDriverSchema>;

/** How a fleet's tasks reach its drivers: offered to all of them (the first to accept takes it), or assigned by the dispatcher. */
export const driverAssignmentSchema = z.enum(['offer', 'dispatcher']);

export const consoleDriverListSchema = z.object({ drivers: z.array(consoleDriverSchema), assignment: driverAssignmentSchema });

export const consoleDriverAssignmentRequestSchema = z.object({ assignment: driverAssignmentSchema });

/** A delivery handed to one of its fleet's drivers by the dispatcher. */
export const consoleAssignDriverRequestSchema = z.object({ driver_id: z.string().min(1).max(200) });

/** A driver to add: the phone in international form (spaces, dots and dashes are taken out). */
export const consoleAddDriverRequestSchema = z.object({
  name: z.string().max(100),
  phone: z.string().max(32),
  email: z.string().max(254).nullable().optional(),
});

export const consoleAddedDriverSchema = z.object({ driver: consoleDriverSchema });

/** A driver's signed-in device, as the console lists it to revoke a lost phone's. */
export const consoleDriverSessionSchema = z.object({
  id: z.string(),
  /** What the device's browser said of itself at sign-in. */
  device: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  expires_at: z.string(),
});
export type ConsoleDriverSession = z.infer<typeof consoleDriverSessionSchema>;

export const consoleDriverSessionListSchema = z.object({ sessions: z.array(consoleDriverSessionSchema) });

/** A sign-in code made for the dispatcher to read out: answered this once, replacing the driver's earlier one. */
export const consoleDriverSignInCodeSchema = z.object({ code: z.string(), expires_at: z.string() });
