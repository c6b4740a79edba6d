import type { Fleet, HttpConnector as HttpSettings } from '@delivery/accounts';
import { fleetQuoteResponseSchema, toInstant, type FleetConfirmation, type FleetQuoteRequest } from '@delivery/contracts';
import { FleetQuoteError, type FleetQuote, type QuoteRequest, type StoredQuote } from '../domain/quote';
import type { FleetConnector } from '../ports/fleet-connector';

const EXCERPT = 300;

function settingsOf(fleet: Fleet): HttpSettings {
  if (fleet.connector.kind !== 'http') throw new Error(`fleet ${fleet.id} has no HTTP connector`);
  return fleet.connector;
}

async function post(url: string, body: unknown, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'error',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (error) {
    if (timeout.aborted) throw new FleetQuoteError(`the fleet did not answer within ${timeoutMs} ms`, [], 'timeout');
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new FleetQuoteError('the fleet could not be reached', [cause?.code ?? cause?.message ?? String(error)]);
  }
}

/** A third-party fleet's quote endpoint, over JSON (docs/fleet-http-connector.md). */
export class HttpFleetConnector implements FleetConnector {
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
    const response = await post(settings.url, body, settings.timeoutMs, signal);
    const text = await response.text().catch(() => '');
    if (!response.ok)
      throw new FleetQuoteError(`the fleet answered HTTP ${response.status}`, [text.slice(0, EXCERPT)], String(response.status));

    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new FleetQuoteError('the fleet answered something that is not JSON', [text.slice(0, EXCERPT)], String(response.status));
    }
    const parsed = fleetQuoteResponseSchema.safeParse(json);
    if (!parsed.success) {
      throw new FleetQuoteError(
        'the fleet answered a quote list of the wrong shape',
        parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.')}: ${i.message}`),
        String(response.status),
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
    }));
  }

  async confirm(fleet: Fleet, quote: StoredQuote): Promise<void> {
    const settings = settingsOf(fleet);
    const body: FleetConfirmation = { quote_id: quote.fleetQuoteId, reference: quote.id };
    const response = await post(`${settings.url.replace(/\/$/, '')}/confirmations`, body, settings.timeoutMs);
    if (!response.ok) throw new Error(`the fleet answered HTTP ${response.status}`);
  }
}
