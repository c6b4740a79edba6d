import type { Fleet } from '@delivery/accounts';
import {
  onfleetTaskInput,
  reportOfOnfleetTask,
  type CourierAnswer as NetworkAnswer,
  type OnfleetClient,
  type OnfleetFleet,
  type OnfleetTask,
} from '@delivery/couriers';
import type { Task } from '../domain/task';
import type { CourierAnswer, Couriers } from '../ports/couriers';
import { courierAnswerOf, requestFor } from './courier-answer';

/** The fleet as its courier client takes it: its connector, and whose budget its calls spend. */
const courierFleetOf = (fleet: Fleet) => fleet as OnfleetFleet;

/** How far Onfleet's clock, which stamps its tasks, may be behind ours. */
const CLOCK_SLACK_MS = 5 * 60_000;

const answerOf = (answer: NetworkAnswer<OnfleetTask>): CourierAnswer =>
  courierAnswerOf(answer, 'Onfleet', (task) => [reportOfOnfleetTask(task), `state ${task.state}`]);

/**
 * The retailer's own drivers through Onfleet: a dispatched task becomes an Onfleet drop-off
 * task (within the reserved window, when there is one), read and removed by Onfleet's id, kept
 * on the task's dispatch. Onfleet's dispatcher (or its auto-assign) gives it a driver.
 */
export class OnfleetCouriers implements Couriers {
  constructor(private readonly onfleet: OnfleetClient) {}

  serves(fleet: Fleet): boolean {
    return fleet.connector.kind === 'onfleet';
  }

  async dispatch(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    const request = requestFor(task, Date.now(), ({ stops }) =>
      onfleetTaskInput(task.id, stops, task.reservation?.dropoffWindow ?? null, {
        requirements: task.requirements ?? null,
        trackingNumbers: task.packages.map((p) => p.trackingNumber),
      }),
    );
    if (!request.ok) return request.answer;
    // A task made by an earlier try whose answer never came is taken, not made twice.
    const made = await this.onfleet.findTask(courierFleetOf(fleet), task.id, Date.parse(task.dispatch!.dispatchedAt) - CLOCK_SLACK_MS);
    if (!made.ok) return answerOf(made);
    if (made.value) return answerOf({ ok: true, value: made.value });
    return answerOf(await this.onfleet.createTask(courierFleetOf(fleet), request.input));
  }

  async cancel(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    const id = task.dispatch?.courierRef;
    if (!id) return { ok: false, reason: 'Onfleet never named its task for this one', retryable: false };
    const removed = await this.onfleet.deleteTask(courierFleetOf(fleet), id);
    if (!removed.ok) return { ok: false, reason: removed.failure.message, retryable: false };
    return {
      ok: true,
      report: { stage: 'cancelled', courier: null, location: null, etas: { pickup: null, dropoff: null }, proof: null, reason: null },
    };
  }

  async status(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    const id = task.dispatch?.courierRef;
    if (!id) return { ok: false, reason: 'Onfleet never named its task for this one', retryable: false };
    return answerOf(await this.onfleet.getTask(courierFleetOf(fleet), id));
  }
}
