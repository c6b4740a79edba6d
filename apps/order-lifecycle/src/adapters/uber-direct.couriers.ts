import type { Fleet, UberDirectConnector } from '@delivery/accounts';
import {
  CourierInputError,
  reportOfUberDelivery,
  uberDeliveryInput,
  type CourierAnswer as NetworkAnswer,
  type UberDelivery,
  UberDirectClient,
} from '@delivery/couriers';
import type { Task } from '../domain/task';
import type { CourierAnswer, Couriers } from '../ports/couriers';
import { courierAnswerOf } from './courier-answer';

const settingsOf = (fleet: Fleet) => fleet.connector as UberDirectConnector;

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
    let input;
    try {
      const [pickup, dropoff] = [task.wayPoints[0]!.party, task.wayPoints.at(-1)!.party];
      const orderValue = task.monetaryValue === null ? null : Number(task.monetaryValue);
      input = uberDeliveryInput(task.id, { pickup, dropoff }, task.packages, orderValue);
    } catch (error) {
      if (error instanceof CourierInputError) return { ok: false, reason: error.message, retryable: false };
      throw error;
    }
    const pickupAt = task.reservation?.pickupWindow.startTime;
    const ready = pickupAt && Date.parse(pickupAt) > this.now() ? { pickup_ready_dt: pickupAt } : {};
    return answerOf(await this.uber.createDelivery(settingsOf(fleet), { ...input, ...ready }));
  }

  async cancel(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    const id = task.dispatch?.courierRef;
    if (!id) return { ok: false, reason: 'Uber never named its delivery for this task', retryable: false };
    return answerOf(await this.uber.cancelDelivery(settingsOf(fleet), id));
  }

  async status(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    const id = task.dispatch?.courierRef;
    if (!id) return { ok: false, reason: 'Uber never named its delivery for this task', retryable: false };
    return answerOf(await this.uber.getDelivery(settingsOf(fleet), id));
  }
}
