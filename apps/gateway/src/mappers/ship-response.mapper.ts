import {
  DROPPED_FIELDS_KEY,
  toCourierFeeView,
  toProofOfDeliveryView,
  toRequirementsView,
  toPartyView,
  toDriverView,
  toFollowUpView,
  type Charge,
  type Money,
  type CompletedShipment,
  type NoteView,
  FAILURE_CODES,
  LATENESS_KINDS,
  memberOf,
  platformFieldsFromJson,
} from '@delivery/contracts';
import { requirementsFromMessage, taskStatusFromMessage, type ChargeMessage, type TaskMessage, type WayPointMessage } from '@delivery/rpc';
import { timeWindow } from './time-window.mapper';
import { toDispatchDecisionView } from './dispatch-decision.mapper';

const KG = 'KG';
const CM = 'CM';

/** Spec 2.3 charge object: the plan's base part as `baseCharge`, the weight-based part as `otherCharge`. */
function toCharge(charge: ChargeMessage | null): Charge {
  const money = (m: Money | null | undefined) => (m ? { amount: m.amount, currency: m.currency } : null);
  return {
    accessorialCharge: null,
    baseCharge: money(charge?.base),
    otherCharge: money(charge?.weight),
    totalCharge: money(charge?.total) ?? { amount: 0, currency: '' },
  };
}

/** What the fleet reported at a way point; a stored proof's photo and signature as links that expire, where links are given. */
function wayPointReports(w: WayPointMessage, links?: ShipmentLinks) {
  const proof = toProofOfDeliveryView(w.proofOfDelivery);
  return {
    eta: w.eta ?? null,
    arrived_at: w.arrivedAt ?? null,
    completed_at: w.completedAt ?? null,
    failure:
      w.failureReason && w.failedAt ? { reason: w.failureReason, code: memberOf(FAILURE_CODES, w.failureCode), at: w.failedAt } : null,
    proof_of_delivery:
      proof && links ? { ...proof, photo_url: links.mediaUrl(proof.photo_url), signature_url: links.mediaUrl(proof.signature_url) } : proof,
  };
}

/** Addresses of what a task links to, known where the request's base address is (Get Order). */
export interface ShipmentLinks {
  documentUrl: (documentId: string) => string;
  trackingUrl: (token: string) => string;
  /** A proof's photo or signature URL as the caller reads it: ours signed to expire, a fleet's as it came. */
  mediaUrl: (url: string | null) => string | null;
}

/**
 * A task as the spec's completed shipment. `links` are given only where documents are
 * filled (Get Order); create and cancel answers carry `image`, `image_url` and `tracking_url` null.
 * `notes` are the task's notes (Get Order), null when they could not be read; a task just
 * created has none.
 */
export function toCompletedShipment(task: TaskMessage, links?: ShipmentLinks, notes: NoteView[] | null = []): CompletedShipment {
  return {
    serviceType: task.serviceLevel,
    serviceTypeName: `${task.carrierName} ${task.serviceLevel}`,
    commitmentLevel: null,
    shipmentId: task.shipmentId,
    shipDate: task.shipDate ?? null,
    documents: task.documents.map((d) => ({
      documentType: d.documentType,
      formatType: d.formatType,
      documentId: d.documentId,
      image: links && d.content ? d.content.toString('base64') : null,
      image_url: links && d.content ? links.documentUrl(d.documentId) : null,
    })),
    carrierName: task.carrierName,
    carrierCode: task.carrierCode,
    billingWeight: { value: task.billingWeightKg, weightUnits: KG },
    completedPackages: task.packages.map((p) => ({
      packageType: p.packageType,
      shipperReference: task.description ?? null,
      estimatedDeliveryDate: task.deliveryDate ?? null,
      billingWeight: { value: p.weightKg, weightUnits: KG },
      trackingNumber: p.trackingNumber,
      shippingCharge: toCharge(p.shippingCharge),
      shipToHoldState: null,
      codtrackingNumber: null,
      packageId: p.packageId,
      dimensions: p.dimensionsCm
        ? { length: p.dimensionsCm.length, width: p.dimensionsCm.width, height: p.dimensionsCm.height, units: CM }
        : null,
    })),
    shippingCharge: toCharge(task.shippingCharge),
    task_id: task.id,
    orderId: task.orderId,
    fulfillmentId: task.fulfillmentId,
    status: taskStatusFromMessage(task.status),
    ready_to_execute: task.readyToExecute,
    way_points: task.wayPoints.map((w) => ({
      id: w.id,
      type: w.type === 'PICKUP' ? ('pickup' as const) : ('dropoff' as const),
      notes: notes && notes.filter((note) => note.way_point_id === w.id),
      ...toPartyView(w.party),
      ...wayPointReports(w, links),
    })),
    reservation: task.reservation
      ? {
          quote_id: task.reservation.quoteId,
          fleet: { id: task.reservation.fleetId, name: task.reservation.fleetName, fleet_type: task.reservation.fleetType },
          pickup_window: timeWindow(task.reservation.pickupWindow),
          dropoff_window: timeWindow(task.reservation.dropoffWindow),
          reserved_until: task.reservation.heldUntil,
          confirmed_at: task.reservation.confirmedAt ?? null,
          released_at: task.reservation.releasedAt ?? null,
        }
      : null,
    ...carriedFields(platformFieldsFromJson(task.platformFieldsJson)),
    tracking_url: links && task.trackingToken ? links.trackingUrl(task.trackingToken) : null,
    fleet: task.dispatch
      ? {
          id: task.dispatch.fleetId,
          name: task.dispatch.fleetName,
          dispatched_at: task.dispatch.dispatchedAt,
          accepted_at: task.dispatch.acceptedAt ?? null,
          ...toCourierFeeView(task.dispatch.fee),
        }
      : null,
    dispatch_decision: task.dispatchDecision ? toDispatchDecisionView(task.dispatchDecision) : null,
    fleet_rejections: task.rejections.map((r) => ({ fleet_id: r.fleetId, fleet_name: r.fleetName, reason: r.reason, rejected_at: r.at })),
    requirements: { ...toRequirementsView(requirementsFromMessage(task.requirements)), pin: task.pin ?? null },
    follow_up: toFollowUpView(task.followUp),
    lateness: task.lateness.flatMap((alert) => {
      const kind = memberOf(LATENESS_KINDS, alert.kind);
      return kind ? [{ ...alert, kind }] : [];
    }),
    driver: toDriverView(task.driver),
  };
}

/** The carried fields as given, and apart from them the names of those left out for the limit. */
function carriedFields({ [DROPPED_FIELDS_KEY]: dropped, ...fields }: Record<string, unknown>) {
  return { platform_fields: fields, platform_fields_dropped: Array.isArray(dropped) ? dropped.map(String) : [] };
}
