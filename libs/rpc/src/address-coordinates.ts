/** An address message's coordinates: both or neither (common.proto's Address), read the same by every service. */
export const coordinatesOfAddress = (
  address: { latitude?: number; longitude?: number } | null | undefined,
): { lat: number; lng: number } | null =>
  address?.latitude !== undefined && address?.longitude !== undefined ? { lat: address.latitude, lng: address.longitude } : null;
