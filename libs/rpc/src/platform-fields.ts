/**
 * The shipment's carried fields cross gRPC as a JSON object in `platform_fields_json`
 * (they are any JSON, which proto3 has no plain type for). Empty, from a sender that
 * predates the field, or anything but an object, they are none.
 */
export function platformFieldsFromJson(json: string | undefined): Record<string, unknown> {
  if (!json) return {};
  const value: unknown = JSON.parse(json);
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export const platformFieldsToJson = (fields: Record<string, unknown> | undefined): string => JSON.stringify(fields ?? {});
