import type { Fleet } from '@delivery/accounts';
import type { Task } from '../domain/task';
import type { CourierAnswer, Couriers } from '../ports/couriers';

type Operation = 'dispatch' | 'cancel' | 'status';

/** How a network answered, for the metrics: well, refused for good, or not now (tried again). */
export type CourierOutcome = 'ok' | 'refused' | 'unavailable';

/** Every courier network we call, each answering for the fleets of its kind; each answer observed. */
export class CourierNetworks implements Couriers {
  constructor(
    private readonly networks: readonly Couriers[],
    private readonly observe: (connector: string, operation: Operation, outcome: CourierOutcome) => void = () => undefined,
  ) {}

  serves(fleet: Fleet): boolean {
    return this.networks.some((network) => network.serves(fleet));
  }

  dispatch(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    return this.observed(fleet, 'dispatch', this.of(fleet).dispatch(fleet, task));
  }

  cancel(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    return this.observed(fleet, 'cancel', this.of(fleet).cancel(fleet, task));
  }

  status(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    return this.observed(fleet, 'status', this.of(fleet).status(fleet, task));
  }

  private async observed(fleet: Fleet, operation: Operation, answering: Promise<CourierAnswer>): Promise<CourierAnswer> {
    const answer = await answering.catch((error: unknown) => {
      this.observe(fleet.connector.kind, operation, 'unavailable');
      throw error;
    });
    this.observe(fleet.connector.kind, operation, answer.ok ? 'ok' : answer.retryable ? 'unavailable' : 'refused');
    return answer;
  }

  private of(fleet: Fleet): Couriers {
    const network = this.networks.find((n) => n.serves(fleet));
    if (!network) throw new Error(`fleet ${fleet.id} is no courier network's`);
    return network;
  }
}
