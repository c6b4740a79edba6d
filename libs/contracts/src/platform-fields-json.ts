/**
 * The shipment's carried fields (`platformFieldsOf`: any JSON the caller sent that we do not
 * act on) as the JSON text the gateway makes of them once. So they cross gRPC (proto3 has no
 * plain type for any JSON), and so order-lifecycle keeps them: it never reads them, and
 * they are parsed only where they are shown, Get Order's answer and the events' task.
 */
export const platformFieldsToJson = (fields: Record<string, unknown>): string => JSON.stringify(fields);

/** The carried fields of their JSON text; empty (a sender or a task that predates them) or anything but an object, they are none. */
export function platformFieldsFromJson(json: string | undefined): Record<string, unknown> {
  if (!json) return {};
  const value: unknown = JSON.parse(json);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
