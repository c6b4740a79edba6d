import type { OrderTopicEvent, TaskSnapshot } from '@delivery/contracts';

/** A task as events carry it: a Same-Day delivery on its way, with a driver and an ETA to its drop-off. */
export function taskSnapshot(overrides: Partial<TaskSnapshot> = {}): TaskSnapshot {
  return {
    taskId: 'tsk_1',
    orderId: 'ORD-1',
    fulfillmentId: 'FUL-1',
    shipmentId: 'shp_1',
    status: 'en_route_to_dropoff',
    readyToExecute: true,
    fleet: { id: 1, name: 'Own fleet' },
    driver: { name: 'Samira Benali', phone: null, vehicle: null },
    wayPoints: [
      { id: 'wp_p', type: 'pickup', window: null, eta: null },
      {
        id: 'wp_d',
        type: 'dropoff',
        window: { startTime: '2026-11-27T13:00:00.000Z', endTime: '2026-11-27T15:00:00.000Z' },
        eta: '2026-11-27T14:20:00.000Z',
      },
    ],
    createdAt: '2026-11-27T12:00:00.000Z',
    updatedAt: '2026-11-27T13:50:00.000Z',
    platformFields: {
      referenceFields: [
        { key: 'storeId', value: '12' },
        { key: 'Locale', value: 'fr_FR' },
      ],
    },
    trackingToken: 'trk_abc',
    revision: 3,
    ...overrides,
  };
}

/** An event of `delivery.orders.v1` about the task, at `occurredAt`. */
export function orderEvent<T extends OrderTopicEvent['type']>(
  type: T,
  data: Record<string, unknown>,
  occurredAt = '2026-11-27T14:00:00.000Z',
  task: TaskSnapshot = taskSnapshot(),
): OrderTopicEvent {
  return {
    id: `evt_${type}_${occurredAt}`,
    type,
    version: 1,
    occurredAt,
    accountId: 'acc_1',
    correlationId: 'req_1',
    causationId: null,
    subject: task.taskId,
    data: { orderId: task.orderId, fulfillmentId: task.fulfillmentId, shipmentId: task.shipmentId, taskId: task.taskId, task, ...data },
  } as OrderTopicEvent;
}
