import type { DoorDashConnector, Fleet } from '@delivery/accounts';
import {
  DoorDashDriveClient,
  CourierInputError,
  doordashDeliveryInput,
  reportOfDoorDashDelivery,
  type DriveAnswer,
} from '@delivery/couriers';
import type { Task } from '../domain/task';
import type { CourierAnswer, Couriers } from '../ports/couriers';
import { courierAnswerOf } from './courier-answer';

const settingsOf = (fleet: Fleet) => fleet.connector as DoorDashConnector;

const answerOf = (answer: DriveAnswer): CourierAnswer =>
  courierAnswerOf(answer, 'DoorDash', (delivery) => [reportOfDoorDashDelivery(delivery), delivery.delivery_status]);

/**
 * DoorDash Drive fleets: a task is a delivery under the task's id, made at dispatch for the
 * reserved pick-up time when there is one (DoorDash sends a Dasher as soon as it can otherwise).
 */
export class DoorDashCouriers implements Couriers {
  constructor(
    private readonly drive: DoorDashDriveClient,
    private readonly now: () => number,
  ) {}

  serves(fleet: Fleet): boolean {
    return fleet.connector.kind === 'doordash';
  }

  async dispatch(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    let input;
    try {
      const [pickup, dropoff] = [task.wayPoints[0]!.party, task.wayPoints.at(-1)!.party];
      input = doordashDeliveryInput(task.id, { pickup, dropoff }, task.monetaryValue === null ? null : Number(task.monetaryValue));
    } catch (error) {
      if (error instanceof CourierInputError) return { ok: false, reason: error.message, retryable: false };
      throw error;
    }
    const pickupAt = task.reservation?.pickupWindow.startTime;
    const scheduled = pickupAt && Date.parse(pickupAt) > this.now() ? { pickup_time: pickupAt } : {};
    const made = await this.drive.createDelivery(settingsOf(fleet), { ...input, ...scheduled });
    // A retry after DoorDash made it (our answer was lost): the delivery is there, read it.
    if (!made.ok && made.failure.status === '409') return this.status(fleet, task);
    return answerOf(made);
  }

  async cancel(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    return answerOf(await this.drive.cancelDelivery(settingsOf(fleet), task.id));
  }

  async status(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    return answerOf(await this.drive.getDelivery(settingsOf(fleet), task.id));
  }
}
