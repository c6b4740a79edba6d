import type { Fleet, HttpConnector as HttpSettings } from '@delivery/accounts';
import { fleetQuoteResponseSchema, QUOTE_REFUSAL, toInstant, type FleetConfirmation, type FleetQuoteRequest } from '@delivery/contracts';
import { overHostBudget, type HostBudget, type OutboundClient, type OutboundResult } from '@delivery/outbound';
import { FleetQuoteError, type FleetQuote, type QuoteRequest, type StoredQuote } from '../domain/quote';
import type { FleetConnector } from '../ports/fleet-connector';

/** A quote list far longer than any fleet sends; past it the answer is refused, not read. */
const MAX_ANSWER_BYTES = 1024 * 1024;

function settingsOf(fleet: Fleet): HttpSettings {
  if (fleet.connector.kind !== 'http') throw new Error(`fleet ${fleet.id} has no HTTP connector`);
  return fleet.connector;
}

/**
 * The fleet's answer, or a quote error in our own words: what a configured URL answered is
 * never shown to the caller (it could be any service that URL reaches), only its status.
 */
function answerOf(result: OutboundResult, timeoutMs: number): { status: number; body: Buffer } {
  if (result.kind !== 'response') {
    if (result.kind === 'timeout' || result.kind === 'aborted') {
      throw new FleetQuoteError(`the fleet did not answer within ${timeoutMs} ms`, [], 'timeout');
    }
    throw new FleetQuoteError('the fleet could not be reached', [
      result.kind === 'refused' ? `refused by the outbound policy: ${result.error}` : result.error,
    ]);
  }
  const status = String(result.status);
  if (result.status < 200 || result.status > 299) throw new FleetQuoteError(`the fleet answered HTTP ${result.status}`, [], status);
  if (result.truncated) throw new FleetQuoteError(`the fleet answered more than ${MAX_ANSWER_BYTES} bytes`, [], status);
  return { status: result.status, body: result.body };
}

/**
 * A third-party fleet's quote endpoint, over JSON (docs/fleet-http-connector.md), through the
 * outbound policy; each request spends one of the account's requests a minute to that host.
 */
export class HttpFleetConnector implements FleetConnector {
  constructor(
    private readonly client: OutboundClient,
    private readonly budget: HostBudget,
  ) {}

  private async post(fleet: Fleet, url: string, body: unknown, signal?: AbortSignal): Promise<OutboundResult> {
    const settings = settingsOf(fleet);
    const spent = await this.budget.take(fleet.accountId, url);
    if (!spent.ok) throw new FleetQuoteError(overHostBudget(spent), [], QUOTE_REFUSAL.hostBudgetSpent);
    return this.client.request({
      url,
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: MAX_ANSWER_BYTES,
      signal,
    });
  }

  async quote(fleet: Fleet, request: QuoteRequest, signal: AbortSignal): Promise<FleetQuote[]> {
    const settings = settingsOf(fleet);
    const body: FleetQuoteRequest = {
      request_id: request.correlationId,
      service_level: request.serviceLevel,
      ship_date: request.shipDate,
      delivery_date: request.deliveryDate,
      currency_code: request.currencyCode,
      declared_value: request.monetaryValue,
      packages: request.packages.map((p) => ({ description: p.contentDescription, weight_kg: p.weightKg, dimensions_cm: p.dimensionsCm })),
      pickup: request.pickup,
      dropoff: request.dropoff,
    };
    const answer = answerOf(await this.post(fleet, settings.url, body, signal), settings.timeoutMs);
    let json: unknown;
    try {
      json = JSON.parse(answer.body.toString('utf8'));
    } catch {
      throw new FleetQuoteError('the fleet answered something that is not JSON', [], String(answer.status));
    }
    const parsed = fleetQuoteResponseSchema.safeParse(json);
    if (!parsed.success) {
      // Where the answer differs from the contract, in the contract's words; none of the answer's values.
      throw new FleetQuoteError(
        'the fleet answered a quote list of the wrong shape',
        parsed.error.issues
          .slice(0, 5)
          .map((i) => `${i.path.join('.')}: expected ${i.code === 'invalid_type' ? i.expected : 'another value'}`),
        String(answer.status),
      );
    }
    const iso = (timestamp: string) => toInstant(timestamp).toISOString();
    return parsed.data.quotes.map((q) => ({
      fleetQuoteId: q.id,
      currencyCode: q.currency_code,
      fee: q.fee,
      priority: q.priority,
      deliveryTermsSupported: q.delivery_terms_supported,
      pickupWindow: { startTime: iso(q.pickup_window.start_time), endTime: iso(q.pickup_window.end_time) },
      dropoffWindow: { startTime: iso(q.dropoff_window.start_time), endTime: iso(q.dropoff_window.end_time) },
      expiresAt: iso(q.expiry_time),
      capacity: null,
      remainingCapacity: null,
    }));
  }

  async confirm(fleet: Fleet, quote: StoredQuote): Promise<void> {
    const settings = settingsOf(fleet);
    const body: FleetConfirmation = { quote_id: quote.fleetQuoteId, reference: quote.id };
    const result = await this.post(fleet, `${settings.url.replace(/\/$/, '')}/confirmations`, body);
    if (result.kind !== 'response') throw new Error(`the fleet's confirmation failed: ${result.error}`);
    if (result.status < 200 || result.status > 299) throw new Error(`the fleet answered HTTP ${result.status}`);
  }
}
