import { DomainError } from '@delivery/contracts';
import type { Clock } from '@delivery/clock';
import type { ServicePlans } from '../ports/service-plans';
import type { TaskRepository } from '../ports/task.repository';
import { newDocumentId, newPackageId, newShipmentId, newTaskId, newTrackingNumber, newWayPointId } from './ids';
import { orderCreated, type Causation } from './order-events';
import { packageCharge, shipmentCharge } from './shipping-charge';
import type { Task, TaskParty } from './task';
import { toKilograms, type WeightUnit } from '@delivery/contracts';

export interface CreateOrderCommand extends Causation {
  accountId: string;
  provider: string | null;
  carrierCode: string;
  serviceLevel: string;
  orderId: string;
  fulfillmentId: string;
  description: string | null;
  shipDate: string | null;
  deliveryDate: string | null;
  monetaryValue: string | null;
  currencyCode: string | null;
  shipper: TaskParty;
  recipient: TaskParty;
  packages: { contentDescription: string | null; weight: { value: number; unit: WeightUnit }; packageType: string | null }[];
  referenceFields: { key: string; value: string }[];
}

export interface CreateOrderDeps {
  tasks: TaskRepository;
  plans: ServicePlans;
  clock: Clock;
  /** Told after a commit that wrote events, so the outbox relay sends them at once. */
  eventsCommitted: () => void;
}

/**
 * Creates a task with a pickup and a drop-off way point, priced by the account's service
 * plan. Idempotent per account and fulfillment id: the same create again returns the
 * first task; the same fulfillment id for another order is a conflict.
 */
export async function createOrder(command: CreateOrderCommand, deps: CreateOrderDeps): Promise<{ task: Task; created: boolean }> {
  const plan = await deps.plans.findServicePlan(command.accountId, command.carrierCode, command.serviceLevel);
  if (!plan) {
    throw new DomainError(
      'SERVICE_PLAN_NOT_FOUND',
      `No service plan found for carrier code ${command.carrierCode} and service level ${command.serviceLevel}`,
    );
  }
  const now = deps.clock.now().toISOString();
  const packages = command.packages.map((pkg) => {
    const weightKg = toKilograms(pkg.weight.value, pkg.weight.unit);
    return {
      packageId: newPackageId(),
      trackingNumber: newTrackingNumber(),
      contentDescription: pkg.contentDescription,
      packageType: pkg.packageType ?? 'CUSTOM_PACKAGE',
      weightKg,
      charge: packageCharge(weightKg, plan),
    };
  });
  const task: Task = {
    id: newTaskId(),
    accountId: command.accountId,
    shipmentId: newShipmentId(),
    status: 'created',
    readyToExecute: true,
    orderId: command.orderId,
    fulfillmentId: command.fulfillmentId,
    provider: command.provider,
    carrierCode: plan.carrierCode,
    carrierName: plan.carrierName,
    serviceLevel: plan.serviceLevel,
    shipDate: command.shipDate,
    deliveryDate: command.deliveryDate,
    description: command.description,
    monetaryValue: command.monetaryValue,
    currencyCode: command.currencyCode,
    referenceFields: command.referenceFields,
    wayPoints: [
      { id: newWayPointId(), type: 'pickup', party: command.shipper },
      { id: newWayPointId(), type: 'dropoff', party: command.recipient },
    ],
    packages,
    billingWeightKg: Math.round(packages.reduce((sum, p) => sum + p.weightKg, 0) * 1000) / 1000,
    charge: shipmentCharge(
      packages.map((p) => p.charge),
      plan.currency,
    ),
    documents: [{ documentId: newDocumentId(), documentType: 'LABEL', formatType: 'ZPLII' }],
    createdAt: now,
    updatedAt: now,
    cancelledAt: null,
    cancelReasonId: null,
    reservation: null,
    version: 1,
  };

  const result = await deps.tasks.create(task, [orderCreated(task, command)]);
  if (result.created) {
    deps.eventsCommitted();
    return { task, created: true };
  }
  if (result.existing.orderId !== command.orderId) {
    throw new DomainError(
      'FULFILLMENT_ID_CONFLICT',
      `Fulfillment ${command.fulfillmentId} already belongs to order ${result.existing.orderId}`,
    );
  }
  return { task: result.existing, created: false };
}
