import { quoteResponseSchema, type Quote } from '@delivery/contracts';
import { aQuoteRequest } from './ship-request.fixture';
import { call, V2, type Harness } from './standalone-harness';

/** Quotes of the demo account from Get Quotes, for reservation tests. */
export async function quotesFor(harness: Harness, token: string, carrierCode: string | null = 'OWNFLEET'): Promise<Quote[]> {
  const { body } = await call(harness, 'POST', `${V2}/quotes`, { token, json: aQuoteRequest({ carrierCode }) });
  const quotes = quoteResponseSchema.parse(body).quotes;
  if (!quotes?.length) throw new Error(`no quotes: ${JSON.stringify(body)}`);
  return quotes;
}

/** The harness clock plus some minutes, as ISO 8601. */
export const minutesFromNow = (harness: Harness, minutes: number) =>
  new Date(harness.clock.now().getTime() + minutes * 60_000).toISOString();
