import type { AreaAddress } from '@delivery/accounts';
import type { DeliveryRequirements } from '@delivery/contracts';

/** A time window as ISO 8601 UTC instants. */
export interface Window {
  startTime: string;
  endTime: string;
}

/** What a fleet is asked to price: the shipment, read from the ship request. */
export interface QuoteRequest {
  accountId: string;
  correlationId: string;
  carrierCode: string | null;
  serviceLevel: string;
  shipDate: string | null;
  deliveryDate: string | null;
  currencyCode: string | null;
  monetaryValue: number | null;
  packages: {
    contentDescription: string | null;
    weightKg: number;
    dimensionsCm: { length: number; width: number; height: number } | null;
  }[];
  /** The stops as the caller sent them: fleets asked over HTTP receive them whole. */
  pickup: QuoteStop;
  dropoff: QuoteStop;
  /** What the ship request's own fields require at the drop-off; each fleet's service plan adds its own. */
  requirements: DeliveryRequirements;
}

export interface QuoteStop {
  contact: unknown;
  address: AreaAddress | null;
}

/** One priced offer from a fleet; `fee` in minor currency units. */
export interface FleetQuote {
  fleetQuoteId: string;
  currencyCode: string;
  fee: number;
  priority: number;
  deliveryTermsSupported: boolean;
  pickupWindow: Window;
  dropoffWindow: Window;
  expiresAt: string;
  /** Reservations the window can take, for fleets whose capacity we count. */
  capacity: number | null;
  /** Of those, how many were left when the quote was issued. */
  remainingCapacity: number | null;
}

export type ReservationStatus = 'held' | 'confirmed' | 'released';

/** A quote we issued, kept until its expiry so a reservation can find it. */
export interface StoredQuote extends FleetQuote {
  id: string;
  accountId: string;
  fleet: { id: number; name: string; fleetType: number; externalTeamId: string };
  issuedAt: string;
  reservation: { key: string; status: ReservationStatus; at: string } | null;
}

/** A fleet's failure, shown to the caller as one `quote_errors` entry (spec 2.4). */
export class FleetQuoteError extends Error {
  constructor(
    message: string,
    readonly details: string[] = [],
    readonly status: string | null = null,
  ) {
    super(message);
    this.name = 'FleetQuoteError';
  }
}
