import type { Fleet } from '@delivery/accounts';
import {
  reportOfUberDelivery,
  uberDeliveryInput,
  type CourierAnswer as NetworkAnswer,
  type UberDelivery,
  UberDirectClient,
  type UberDirectFleet,
} from '@delivery/couriers';
import type { Task } from '../domain/task';
import type { CourierAnswer, Couriers } from '../ports/couriers';
import { courierAnswerOf, requestFor } from './courier-answer';

/** The fleet as its courier client takes it: its connector, and whose budget its calls spend. */
const courierFleetOf = (fleet: Fleet) => fleet as UberDirectFleet;

const answerOf = (answer: NetworkAnswer<UberDelivery>): CourierAnswer =>
  courierAnswerOf(answer, 'Uber', (delivery) => [reportOfUberDelivery(delivery), delivery.status]);

/**
 * Uber Direct fleets: a task is a delivery made at dispatch with the task's id as its
 * `external_id` (for a reservation, ready at its pick-up window), then read and cancelled by
 * Uber's own id, kept on the task's dispatch.
 */
export class UberDirectCouriers implements Couriers {
  constructor(
    private readonly uber: UberDirectClient,
    private readonly now: () => number,
  ) {}

  serves(fleet: Fleet): boolean {
    return fleet.connector.kind === 'uber-direct';
  }

  async dispatch(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    const request = requestFor(task, this.now(), ({ stops, orderValue, pickupAhead }) => ({
      ...uberDeliveryInput(task.id, stops, task.packages, orderValue, task.requirements ?? null),
      // One per dispatch of the task: two tries of one dispatch are one delivery at Uber, a later dispatch is another.
      idempotency_key: `${task.id}-${Date.parse(task.dispatch!.dispatchedAt)}`,
      ...(pickupAhead && { pickup_ready_dt: pickupAhead }),
    }));
    if (!request.ok) return request.answer;
    // A delivery made by an earlier try whose answer never came is taken, not made twice.
    const made = await this.uber.findDelivery(courierFleetOf(fleet), task.id);
    if (!made.ok) return answerOf(made);
    if (made.value) return answerOf({ ok: true, value: made.value });
    return answerOf(await this.uber.createDelivery(courierFleetOf(fleet), request.input));
  }

  async cancel(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    const id = task.dispatch?.courierRef;
    if (!id) return { ok: false, reason: 'Uber never named its delivery for this task', retryable: false };
    return answerOf(await this.uber.cancelDelivery(courierFleetOf(fleet), id));
  }

  async status(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    const id = task.dispatch?.courierRef;
    if (!id) return { ok: false, reason: 'Uber never named its delivery for this task', retryable: false };
    return answerOf(await this.uber.getDelivery(courierFleetOf(fleet), id));
  }
}
