import type { EndpointShare } from './delivery.repository';

/** Counts what a claim takes against each endpoint's share; both repositories decide with it. */
export class ShareCounter {
  private readonly taken = new Map<string, number>();

  constructor(private readonly share: EndpointShare | undefined) {}

  /** True, and counted, when the endpoint has room for one more. */
  take(endpointId: string): boolean {
    if (!this.share) return true;
    const inFlight = (this.share.busy[endpointId] ?? 0) + (this.taken.get(endpointId) ?? 0);
    if (inFlight >= this.share.perEndpoint) return false;
    this.taken.set(endpointId, (this.taken.get(endpointId) ?? 0) + 1);
    return true;
  }

  /** Gives back what `take` counted, when the delivery was not leased after all. */
  giveBack(endpointId: string): void {
    const taken = this.taken.get(endpointId);
    if (taken) this.taken.set(endpointId, taken - 1);
  }

  /** Endpoints with no room left at all: a store can leave them out of its query. */
  full(): string[] {
    if (!this.share) return [];
    const { busy, perEndpoint } = this.share;
    return Object.keys(busy).filter((endpointId) => busy[endpointId]! >= perEndpoint);
  }
}
