import type { Fleet } from '@delivery/accounts';
import type { Task } from '../domain/task';
import type { CourierAnswer, Couriers } from '../ports/couriers';

/** Every courier network we call, each answering for the fleets of its kind. */
export class CourierNetworks implements Couriers {
  constructor(private readonly networks: readonly Couriers[]) {}

  serves(fleet: Fleet): boolean {
    return this.networks.some((network) => network.serves(fleet));
  }

  dispatch(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    return this.of(fleet).dispatch(fleet, task);
  }

  cancel(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    return this.of(fleet).cancel(fleet, task);
  }

  status(fleet: Fleet, task: Task): Promise<CourierAnswer> {
    return this.of(fleet).status(fleet, task);
  }

  private of(fleet: Fleet): Couriers {
    const network = this.networks.find((n) => n.serves(fleet));
    if (!network) throw new Error(`fleet ${fleet.id} is no courier network's`);
    return network;
  }
}
