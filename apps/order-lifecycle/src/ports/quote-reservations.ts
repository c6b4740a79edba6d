import type { Task, TimeWindow } from '../domain/task';

/** The quote a reservation took: what the task holds. `fee` in minor currency units. */
export interface ReservedQuote {
  id: string;
  fleet: { id: number; name: string; fleetType: number };
  currencyCode: string;
  fee: number;
  pickupWindow: TimeWindow;
  dropoffWindow: TimeWindow;
}

export interface QuoteReservationRef {
  accountId: string;
  quoteId: string;
  /** The reservation's key: its retries take the same quote again, another cannot. */
  key: string;
  correlationId: string;
}

/** One quote a fleet gave for a task; `fee` in minor units of `currencyCode`. */
export interface FleetOffer {
  fleetId: number;
  fee: number;
  currencyCode: string;
  pickupWindow: TimeWindow;
  dropoffWindow: TimeWindow;
}

/** The quote service, as order-lifecycle needs it. Failures are DomainErrors with the quote's reason. */
export interface QuoteReservations {
  /** Prices a task with every fleet serving its carrier, as Get Quotes does: each quote, and each fleet's error. */
  priceTask(task: Task, correlationId: string): Promise<{ offers: FleetOffer[]; errors: { fleetId: number; message: string }[] }>;
  reserve(ref: QuoteReservationRef): Promise<ReservedQuote>;
  confirm(ref: QuoteReservationRef): Promise<void>;
  release(ref: QuoteReservationRef): Promise<void>;
}
