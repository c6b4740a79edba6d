import type { Fleet } from '@delivery/accounts';
import type { CourierReport } from '@delivery/couriers';
import type { Task } from '../domain/task';

/**
 * What a courier network answered. `retryable` failures (an outage, a timeout, a rate limit)
 * are tried again; the others are its refusal, in our words.
 */
export type CourierAnswer = { ok: true; report: CourierReport } | { ok: false; reason: string; retryable: boolean };

/** The courier networks (DoorDash Drive...) a fleet may be: we hand them its tasks and follow them there. */
export interface Couriers {
  /** Whether the fleet is a courier network we call; other fleets take their tasks through the fleet API. */
  serves(fleet: Fleet): boolean;
  /** Hands the task over (its id is the network's delivery id); handing it over again is not a second delivery. */
  dispatch(fleet: Fleet, task: Task): Promise<CourierAnswer>;
  cancel(fleet: Fleet, task: Task): Promise<CourierAnswer>;
  /** Where the network says the task's delivery stands (for when its webhooks stop). */
  status(fleet: Fleet, task: Task): Promise<CourierAnswer>;
}
