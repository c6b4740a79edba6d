import { DomainError, mergeRequirements } from '@delivery/contracts';
import type { Clock } from '@delivery/clock';
import type { QuoteReservations, ReservedQuote } from '../ports/quote-reservations';
import type { ServicePlans } from '../ports/service-plans';
import type { TaskRepository } from '../ports/task.repository';
import { latenessPolicyOf, type Fleets } from '../ports/fleets';
import type { CreateOrderCommand } from './create-order-command';
import { newTask } from './new-task';
import { reservationEvent } from './reservation-events';
import type { Money, PackageCharge, Task } from './task';

export interface SoftReservationCommand extends Omit<CreateOrderCommand, 'carrierCode'> {
  carrierCode: string | null;
  quoteId: string;
  reservedUntil: string;
}

export interface SoftReservationDeps {
  tasks: TaskRepository;
  quotes: QuoteReservations;
  fleets: Pick<Fleets, 'getAccount'>;
  plans: ServicePlans;
  clock: Clock;
  eventsCommitted: () => void;
}

const money = (minor: number, currency: string): Money => ({ amount: minor / 100, currency });

/** The quote's fee split over the packages to the cent; the last package takes the remainder. */
function packageCharges(quote: ReservedQuote, count: number): PackageCharge[] {
  const share = Math.floor(quote.fee / count);
  return Array.from({ length: count }, (_, i) => {
    const minor = i === count - 1 ? quote.fee - share * (count - 1) : share;
    const total = money(minor, quote.currencyCode);
    return { base: total, weight: money(0, quote.currencyCode), total };
  });
}

/** The reservation key: one fulfillment of the account holds at most one quote. */
export const reservationKey = (accountId: string, fulfillmentId: string) => JSON.stringify([accountId, fulfillmentId]);

/**
 * Spec row 6: takes the quote for this fulfillment and creates a task that holds the
 * quote's fleet and windows, `ready_to_execute` false, until `reservedUntil` (never past
 * the pickup window's start). The same request again returns the same task.
 */
export async function createSoftReservation(
  command: SoftReservationCommand,
  deps: SoftReservationDeps,
): Promise<{ task: Task; created: boolean }> {
  const now = deps.clock.now();
  if (Date.parse(command.reservedUntil) <= now.getTime()) {
    throw new DomainError('VALIDATION_FAILED', `Invalid request: extended.reservedUntil (${command.reservedUntil}) is not in the future`);
  }
  const existing = await deps.tasks.findByFulfillmentId(command.accountId, command.fulfillmentId);
  if (existing) return sameReservationOrConflict(existing, command);

  const quote = await deps.quotes.reserve({
    accountId: command.accountId,
    quoteId: command.quoteId,
    key: reservationKey(command.accountId, command.fulfillmentId),
    correlationId: command.correlationId,
  });
  const heldUntil = new Date(Math.min(Date.parse(command.reservedUntil), Date.parse(quote.pickupWindow.startTime))).toISOString();
  const total = money(quote.fee, quote.currencyCode);
  const createdAt = now.toISOString();
  const task = newTask(command, {
    carrier: { code: command.carrierCode ?? `FLEET-${quote.fleet.id}`, name: quote.fleet.name, serviceLevel: command.serviceLevel },
    chargePackages: (weightsKg) => packageCharges(quote, weightsKg.length),
    chargeShipment: () => ({ base: total, weight: money(0, quote.currencyCode), total }),
    lateness: await latenessPolicyOf(deps.fleets, command.accountId),
    // The quote was asked with the same requirements, so its fleet meets them (docs/decisions.md).
    requirements: mergeRequirements(
      command.requirements,
      command.carrierCode
        ? (await deps.plans.findServicePlan(command.accountId, command.carrierCode, command.serviceLevel))?.requirements
        : null,
    ),
    reservation: {
      quoteId: quote.id,
      fleet: quote.fleet,
      pickupWindow: quote.pickupWindow,
      dropoffWindow: quote.dropoffWindow,
      heldUntil,
      confirmedAt: null,
      releasedAt: null,
    },
    createdAt,
  });
  const result = await deps.tasks.create(task, [reservationEvent('ReservationCreated', task, command, createdAt)]);
  if (!result.created) return sameReservationOrConflict(result.existing, command);
  deps.eventsCommitted();
  return { task, created: true };
}

function sameReservationOrConflict(existing: Task, command: SoftReservationCommand): { task: Task; created: boolean } {
  if (existing.orderId === command.orderId && existing.reservation?.quoteId === command.quoteId) return { task: existing, created: false };
  throw new DomainError('FULFILLMENT_ID_CONFLICT', `Fulfillment ${command.fulfillmentId} already belongs to order ${existing.orderId}`);
}
