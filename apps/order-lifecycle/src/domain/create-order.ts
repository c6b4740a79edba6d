import { DomainError, mergeRequirements, type DispatchDecision } from '@delivery/contracts';
import type { Clock } from '@delivery/clock';
import type { ServicePlans } from '../ports/service-plans';
import type { TaskRepository } from '../ports/task.repository';
import { newTask } from './new-task';
import { latenessPolicyOf, type Fleets } from '../ports/fleets';
import { chooseFleets } from './fleet-choice';
import { lifecycleEvents, orderCreated } from './order-events';
import { BY_FLEET_ID, decideDispatch, needsPrices, pricedFleets, unpriced } from './dispatch-decision';
import type { QuoteReservations } from '../ports/quote-reservations';
import { dispatchTo } from './task-lifecycle';
import { packageCharge, shipmentCharge } from './shipping-charge';
import type { Task } from './task';
import type { CreateOrderCommand } from './create-order-command';

export interface CreateOrderDeps {
  tasks: TaskRepository;
  plans: ServicePlans;
  fleets: Fleets;
  clock: Clock;
  /** Prices the task with each fleet when the plan's policy ranks by fee or time. */
  quotes: Pick<QuoteReservations, 'priceTask'>;
  /** Told after a commit that wrote events, so the outbox relay sends them at once. */
  eventsCommitted: () => void;
}

/**
 * The task a Create Order would make, and how its fleet is chosen: the fleets serving its
 * carrier, service level and recipient ranked by the plan's dispatch policy (priced by the
 * quote service when the policy needs fees or times). Create Order stores and dispatches
 * it; its dry run only answers the decision. No decision when no fleet serves the carrier.
 */
export async function planSameDay(
  command: CreateOrderCommand,
  deps: Pick<CreateOrderDeps, 'plans' | 'fleets' | 'quotes' | 'clock'>,
): Promise<{ task: Task; decision: DispatchDecision | null }> {
  const plan = await deps.plans.findServicePlan(command.accountId, command.carrierCode, command.serviceLevel);
  if (!plan) {
    throw new DomainError(
      'SERVICE_PLAN_NOT_FOUND',
      `No service plan found for carrier code ${command.carrierCode} and service level ${command.serviceLevel}`,
    );
  }
  const createdAt = deps.clock.now().toISOString();
  const task = newTask(command, {
    carrier: { code: plan.carrierCode, name: plan.carrierName, serviceLevel: plan.serviceLevel },
    chargePackages: (weightsKg) => weightsKg.map((kg) => packageCharge(kg, plan)),
    chargeShipment: (charges) => shipmentCharge(charges, plan.currency),
    reservation: null,
    lateness: await latenessPolicyOf(deps.fleets, command.accountId),
    requirements: mergeRequirements(command.requirements, plan.requirements),
    createdAt,
  });
  // Without a fleet serving the carrier the order waits, created, for the operator to add one;
  // with fleets that serve it, but none at the recipient's address or able to meet its
  // requirements, nobody could ever carry it.
  const choice = await chooseFleets(task, deps.fleets);
  if (choice.fleets.length === 0 && choice.leftOut.length > 0) {
    const everyOneOutside = choice.leftOut.every((left) => left.why === 'outside_area');
    const reasons = choice.leftOut.map((left) => `${left.fleetName}: ${left.reason}`).join('; ');
    throw everyOneOutside
      ? new DomainError(
          'OUTSIDE_SERVICE_AREA',
          `No fleet serving carrier code ${command.carrierCode} delivers to the recipient's address (${reasons})`,
        )
      : new DomainError('REQUIREMENTS_UNMET', `No fleet serving carrier code ${command.carrierCode} can deliver this order (${reasons})`);
  }
  if (choice.fleets.length === 0) return { task, decision: null };
  const policy = plan.dispatchPolicy ?? BY_FLEET_ID;
  const priced = needsPrices(policy)
    ? pricedFleets(choice.fleets, await deps.quotes.priceTask(task, command.correlationId), policy)
    : unpriced(choice.fleets);
  return { task, decision: decideDispatch(priced, policy, plan.currency, createdAt) };
}

/**
 * Creates a task with a pickup and a drop-off way point, priced by the account's service
 * plan, and dispatches it at once to the fleet its plan's policy chooses (in the same
 * write), recording the decision. Idempotent per account and fulfillment id: the same
 * create again returns the first task; the same fulfillment id for another order is a conflict.
 */
export async function createOrder(command: CreateOrderCommand, deps: CreateOrderDeps): Promise<{ task: Task; created: boolean }> {
  const { task: created, decision } = await planSameDay(command, deps);
  const decided: Task = { ...created, dispatchDecision: decision };
  const chosen = decision?.candidates.find((c) => c.outcome === 'chosen');
  const dispatched = chosen ? dispatchTo(decided, { id: chosen.fleetId, name: chosen.fleetName }, created.createdAt) : null;
  const task = dispatched?.task ?? decided;
  const events = [
    orderCreated(decided, command),
    ...(dispatched ? lifecycleEvents(task, dispatched.events, command, created.createdAt) : []),
  ];

  const result = await deps.tasks.create(task, events);
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
