import type { LatenessPolicy } from '@delivery/accounts';
import type { DeliveryRequirements } from '@delivery/contracts';
import type { CreateOrderCommand } from './create-order-command';
import {
  newDeliveryPin,
  newDocumentId,
  newPackageId,
  newShipmentId,
  newTaskId,
  newTrackingNumber,
  newTrackingToken,
  newWayPointId,
} from './ids';
import type { PackageCharge, Task, TaskReservation } from './task';

/** What differs between a Same-Day task and a planned one: its carrier, its prices, its hold. */
export interface NewTaskTerms {
  carrier: { code: string; name: string; serviceLevel: string };
  chargePackages: (weightsKg: number[]) => PackageCharge[];
  chargeShipment: (packageCharges: PackageCharge[]) => PackageCharge;
  reservation: TaskReservation | null;
  /** The account's thresholds, kept with the task so its lateness is judged by the rules it was made under. */
  lateness: LatenessPolicy;
  /** The ship request's requirements merged with its plan's. */
  requirements: DeliveryRequirements;
  createdAt: string;
}

/**
 * A new task for a ship request: fresh ids, a pickup way point at the shipper and a
 * drop-off at the recipient, packages weighed in kilograms, one ZPL II label document.
 * A task with a reservation starts `reserved` (not ready to execute); otherwise `created`.
 */
export function newTask(command: Omit<CreateOrderCommand, 'carrierCode'>, terms: NewTaskTerms): Task {
  const weightsKg = command.packages.map((pkg) => pkg.weightKg);
  const charges = terms.chargePackages(weightsKg);
  const packages = command.packages.map((pkg, i) => ({
    packageId: newPackageId(),
    trackingNumber: newTrackingNumber(),
    contentDescription: pkg.contentDescription,
    packageType: pkg.packageType ?? 'CUSTOM_PACKAGE',
    weightKg: weightsKg[i]!,
    dimensionsCm: pkg.dimensionsCm,
    charge: charges[i]!,
  }));
  return {
    id: newTaskId(),
    accountId: command.accountId,
    shipmentId: newShipmentId(),
    status: terms.reservation ? 'reserved' : 'created',
    readyToExecute: !terms.reservation,
    orderId: command.orderId,
    fulfillmentId: command.fulfillmentId,
    provider: command.provider,
    carrierCode: terms.carrier.code,
    carrierName: terms.carrier.name,
    serviceLevel: terms.carrier.serviceLevel,
    shipDate: command.shipDate,
    deliveryDate: command.deliveryDate,
    description: command.description,
    monetaryValue: command.monetaryValue,
    currencyCode: command.currencyCode,
    platformFieldsJson: command.platformFieldsJson,
    wayPoints: [
      { id: newWayPointId(), type: 'pickup', party: command.shipper },
      { id: newWayPointId(), type: 'dropoff', party: command.recipient },
    ],
    packages,
    billingWeightKg: Math.round(weightsKg.reduce((sum, kg) => sum + kg, 0) * 1000) / 1000,
    charge: terms.chargeShipment(charges),
    documents: [{ documentId: newDocumentId(), documentType: 'LABEL', formatType: 'ZPLII' }],
    createdAt: terms.createdAt,
    updatedAt: terms.createdAt,
    cancelledAt: null,
    cancelReasonId: null,
    reservation: terms.reservation,
    lateness: { policy: terms.lateness, alerts: [] },
    requirements: terms.requirements,
    pin: terms.requirements.kinds.includes('pin') ? newDeliveryPin() : null,
    trackingToken: newTrackingToken(),
    version: 1,
  };
}
