import {
  FAILURE_CODES,
  memberOf,
  toProofOfDeliveryView,
  toFollowUpView,
  toPartyView,
  toDriverView,
  toRequirementsView,
  type FleetTaskView,
} from '@delivery/contracts';
import { requirementsFromMessage, taskStatusFromMessage, type TaskMessage } from '@delivery/rpc';
import { timeWindow } from './time-window.mapper';

/** A task as its fleet sees it: no charges, no caller's platform fields, no e-mail addresses. */
export function toFleetTaskView(task: TaskMessage): FleetTaskView {
  const windowOf = (type: 'pickup' | 'dropoff') =>
    task.reservation ? timeWindow(type === 'pickup' ? task.reservation.pickupWindow : task.reservation.dropoffWindow) : null;
  const driver = toDriverView(task.driver);
  return {
    task_id: task.id,
    shipment_id: task.shipmentId,
    status: taskStatusFromMessage(task.status),
    order_id: task.orderId,
    fulfillment_id: task.fulfillmentId,
    service_level: task.serviceLevel,
    ship_date: task.shipDate ?? null,
    delivery_date: task.deliveryDate ?? null,
    dispatched_at: task.dispatch?.dispatchedAt ?? '',
    accepted_at: task.dispatch?.acceptedAt ?? null,
    driver: driver && { name: driver.name, phone: driver.phone, vehicle: driver.vehicle },
    way_points: task.wayPoints.map((w) => {
      const type = w.type === 'PICKUP' ? ('pickup' as const) : ('dropoff' as const);
      const party = toPartyView(w.party);
      return {
        id: w.id,
        type,
        contact: { personName: party.contact.personName, phoneNumber: party.contact.phoneNumber },
        address: party.address,
        window: windowOf(type),
        eta: w.eta ?? null,
        arrived_at: w.arrivedAt ?? null,
        completed_at: w.completedAt ?? null,
        failure_reason: w.failureReason ?? null,
        failure_code: memberOf(FAILURE_CODES, w.failureCode),
        proof_of_delivery: toProofOfDeliveryView(w.proofOfDelivery),
      };
    }),
    requirements: toRequirementsView(requirementsFromMessage(task.requirements)),
    follow_up: toFollowUpView(task.followUp),
    packages: task.packages.map((p) => ({
      package_id: p.packageId,
      tracking_number: p.trackingNumber,
      description: p.contentDescription ?? null,
      weight_kg: p.weightKg,
      dimensions_cm: p.dimensionsCm ? { length: p.dimensionsCm.length, width: p.dimensionsCm.width, height: p.dimensionsCm.height } : null,
    })),
  };
}
