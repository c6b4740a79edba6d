import { z } from 'zod';

/** The fleet's driver as the APIs show them: who, and (Get Order) since when and where the fleet last said they were. */
export const driverViewSchema = z.object({ name: z.string(), phone: z.string().nullable(), vehicle: z.string().nullable() });

export const trackedDriverViewSchema = driverViewSchema.extend({
  assigned_at: z.string(),
  location: z.object({ lat: z.number(), lng: z.number(), at: z.string() }).nullable(),
});
export type TrackedDriverView = z.infer<typeof trackedDriverViewSchema>;

interface DriverFields {
  name: string;
  phone?: string | null;
  vehicle?: string | null;
  assignedAt: string;
  location?: { lat: number; lng: number; at: string } | null;
}

/** The one mapping of a driver from its message; the fleet API shows the first three fields. */
export const toDriverView = (driver: DriverFields | null | undefined): TrackedDriverView | null =>
  driver
    ? {
        name: driver.name,
        phone: driver.phone ?? null,
        vehicle: driver.vehicle ?? null,
        assigned_at: driver.assignedAt,
        location: driver.location ? { lat: driver.location.lat, lng: driver.location.lng, at: driver.location.at } : null,
      }
    : null;
