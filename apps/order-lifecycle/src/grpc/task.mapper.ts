import type { DispatchDecision } from '@delivery/contracts';
import { coordinatesOfAddress, requirementsToMessage, TASK_STATUS_MESSAGE, type PartyMessage, type TaskMessageInput } from '@delivery/rpc';
import type { Task, TaskParty } from '../domain/task';
import type { DocumentContent } from '../domain/get-document';

export function partyFromMessage(party: PartyMessage | null): TaskParty {
  const contact = party?.contact;
  const address = party?.address;
  return {
    contact: { personName: contact?.personName ?? null, phoneNumber: contact?.phoneNumber ?? null, email: contact?.email ?? null },
    address: {
      streetLines: address?.streetLines ?? [],
      city: address?.city ?? null,
      stateOrProvinceCode: address?.stateOrProvinceCode ?? null,
      postalCode: address?.postalCode ?? null,
      countryCode: address?.countryCode ?? null,
      coordinates: coordinatesOfAddress(address),
    },
  };
}

const orUndefined = <T>(value: T | null) => value ?? undefined;

export function partyToMessage(party: TaskParty) {
  const { contact, address } = party;
  return {
    contact: {
      personName: orUndefined(contact.personName),
      phoneNumber: orUndefined(contact.phoneNumber),
      email: orUndefined(contact.email),
    },
    address: {
      streetLines: address.streetLines,
      city: orUndefined(address.city),
      stateOrProvinceCode: orUndefined(address.stateOrProvinceCode),
      postalCode: orUndefined(address.postalCode),
      countryCode: orUndefined(address.countryCode),
      latitude: address.coordinates?.lat,
      longitude: address.coordinates?.lng,
    },
  };
}

export const dispatchDecisionToMessage = (decision: DispatchDecision) => ({
  ...decision,
  candidates: decision.candidates.map((c) => ({
    ...c,
    fee: orUndefined(c.fee),
    currencyCode: orUndefined(c.currencyCode),
    pickupWindow: orUndefined(c.pickupWindow),
    dropoffWindow: orUndefined(c.dropoffWindow),
  })),
});

/** `contents` fills the documents' bytes, for Get Order. */
export function taskToMessage(task: Task, contents: readonly DocumentContent[] = []): TaskMessageInput {
  return {
    id: task.id,
    accountId: task.accountId,
    shipmentId: task.shipmentId,
    status: TASK_STATUS_MESSAGE[task.status],
    readyToExecute: task.readyToExecute,
    orderId: task.orderId,
    fulfillmentId: task.fulfillmentId,
    provider: orUndefined(task.provider),
    carrierCode: task.carrierCode,
    carrierName: task.carrierName,
    serviceLevel: task.serviceLevel,
    shipDate: orUndefined(task.shipDate),
    deliveryDate: orUndefined(task.deliveryDate),
    description: orUndefined(task.description),
    wayPoints: task.wayPoints.map((w) => ({
      id: w.id,
      type: w.type === 'pickup' ? 'PICKUP' : 'DROPOFF',
      party: partyToMessage(w.party),
      eta: orUndefined(w.eta ?? null),
      arrivedAt: orUndefined(w.arrivedAt ?? null),
      completedAt: orUndefined(w.completedAt ?? null),
      failureReason: w.failure?.reason,
      failureCode: w.failure?.code,
      failedAt: w.failure?.at,
      attempts: w.attempts ?? [],
      proofOfDelivery: w.proofOfDelivery
        ? {
            recipientName: orUndefined(w.proofOfDelivery.recipientName),
            signatureUrl: orUndefined(w.proofOfDelivery.signatureUrl),
            photoUrl: orUndefined(w.proofOfDelivery.photoUrl),
            note: orUndefined(w.proofOfDelivery.note),
            verified: w.proofOfDelivery.verified ?? [],
            barcodes: w.proofOfDelivery.barcodes ?? [],
          }
        : undefined,
    })),
    packages: task.packages.map((p) => ({
      packageId: p.packageId,
      trackingNumber: p.trackingNumber,
      contentDescription: orUndefined(p.contentDescription),
      packageType: p.packageType,
      weightKg: p.weightKg,
      dimensionsCm: p.dimensionsCm ? { ...p.dimensionsCm, units: 'CM' } : undefined,
      shippingCharge: p.charge,
    })),
    billingWeightKg: task.billingWeightKg,
    shippingCharge: task.charge,
    documents: task.documents.map((d) => ({
      documentId: d.documentId,
      documentType: d.documentType,
      formatType: d.formatType,
      content: contents.find((c) => c.documentId === d.documentId)?.content,
    })),
    createdAt: task.createdAt,
    updatedAt: task.updatedAt,
    platformFieldsJson: task.platformFieldsJson ?? '',
    trackingToken: task.trackingToken,
    revision: task.version,
    timeline: task.timeline ?? [],
    dispatch: task.dispatch ? { ...task.dispatch, acceptedAt: orUndefined(task.dispatch.acceptedAt) } : undefined,
    dispatchDecision: task.dispatchDecision ? dispatchDecisionToMessage(task.dispatchDecision) : undefined,
    rejections: task.rejections ?? [],
    rating: task.rating ? { stars: task.rating.stars, comment: orUndefined(task.rating.comment), at: task.rating.at } : undefined,
    lateness: task.lateness?.alerts ?? [],
    requirements: task.requirements ? requirementsToMessage(task.requirements) : undefined,
    pin: orUndefined(task.pin ?? null),
    followUp: task.followUp
      ? task.followUp.kind === 'reattempt'
        ? task.followUp
        : { kind: 'return', startedAt: task.followUp.startedAt, completedAt: orUndefined(task.followUp.completedAt) }
      : undefined,
    driver: task.driver
      ? {
          name: task.driver.name,
          phone: orUndefined(task.driver.phone),
          vehicle: orUndefined(task.driver.vehicle),
          assignedAt: task.driver.assignedAt,
          location: orUndefined(task.driver.location),
          driverId: orUndefined(task.driver.driverId),
        }
      : undefined,
    cancelledAt: orUndefined(task.cancelledAt),
    reservation: task.reservation
      ? {
          quoteId: task.reservation.quoteId,
          fleetId: task.reservation.fleet.id,
          fleetName: task.reservation.fleet.name,
          fleetType: task.reservation.fleet.fleetType,
          pickupWindow: task.reservation.pickupWindow,
          dropoffWindow: task.reservation.dropoffWindow,
          heldUntil: task.reservation.heldUntil,
          confirmedAt: orUndefined(task.reservation.confirmedAt),
          releasedAt: orUndefined(task.reservation.releasedAt),
        }
      : undefined,
  };
}
