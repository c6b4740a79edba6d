import type { ErrorCode, ShipResponse } from '@delivery/contracts';

/** The `source` of every notification we write. */
export const NOTIFICATION_SOURCE = 'delivery-orchestration';

/** Spec 7.3 / 2.3 success envelope. */
export function shipSuccess(
  message: string | null,
  provider: string | null,
  completedShipments: ShipResponse['completedShipments'],
): ShipResponse {
  return {
    severityType: 'SUCCESS',
    notifications: [{ code: '0000', message, severity: 'SUCCESS', source: NOTIFICATION_SOURCE }],
    provider,
    completedShipments,
  };
}

/**
 * Spec 7.1 error envelope: `provider` null, `completedShipments` [] (null on cancel).
 * `errorCode` names the failure for machines; `errorId` points at our log for a 500.
 */
export function shipError(message: string, errorCode: ErrorCode, completedShipments: [] | null, errorId?: string): ShipResponse {
  return {
    severityType: 'ERROR',
    notifications: [{ code: '0000', message, severity: 'ERROR', source: NOTIFICATION_SOURCE, errorCode, ...(errorId ? { errorId } : {}) }],
    provider: null,
    completedShipments,
  };
}
