import { z } from 'zod';
import { timeWindowSchema } from '../time-window.schema';
import { eventEnvelopeSchema } from './event-envelope.schema';

const window = timeWindowSchema;

/** A fleet's quote was issued to an account; published on `delivery.quotes.v1`, keyed by quote id. */
export const quoteIssuedEventSchema = eventEnvelopeSchema(
  'QuoteIssued',
  1,
  z.object({
    quoteId: z.string(),
    fleetId: z.number().int(),
    fleetName: z.string(),
    currencyCode: z.string(),
    fee: z.number().int(),
    priority: z.number().int(),
    pickupWindow: window,
    dropoffWindow: window,
    expiresAt: z.string(),
  }),
);
export type QuoteIssuedEvent = z.infer<typeof quoteIssuedEventSchema>;
