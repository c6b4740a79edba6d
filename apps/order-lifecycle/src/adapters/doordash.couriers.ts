import type { Fleet } from '@delivery/accounts';
import {
  DoorDashDriveClient,
  doordashDeliveryInput,
  doordashDropoffOptions,
  reportOfDoorDashDelivery,
  type DoorDashFleet,
  type DriveAnswer,
} from '@delivery/couriers';
import type { Task } from '../domain/task';
import type { CourierAnswer, Couriers } from '../ports/couriers';
import { courierAnswerOf, requestFor } from './courier-answer';

/** The fleet as its courier client takes it: its connector, and whose budget its calls spend. */
const courierFleetOf = (fleet: Fleet) => fleet as DoorDashFleet;

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
    const request = requestFor(task, this.now(), ({ stops, orderValue, pickupAhead }) => ({
      ...doordashDeliveryInput(task.id, stops, orderValue),
      ...doordashDropoffOptions(task.requirements ?? null, task.pin ?? null),
      ...(pickupAhead && { pickup_time: pickupAhead }),
    }));
    if (!request.ok) return request.answer;
    const made = await this.drive.createDelivery(courierFleetOf(fleet), request.input);
    // A retry after DoorDash made it (our answer was lost): the delivery is there, read it.
    if (!made.ok && made.failure.status === '409') return this.status(fleet, task);
    return answerOf(made);
  }

  async cancel(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    return answerOf(await this.drive.cancelDelivery(courierFleetOf(fleet), task.id));
  }

  async status(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    return answerOf(await this.drive.getDelivery(courierFleetOf(fleet), task.id));
  }
}
