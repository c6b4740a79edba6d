import { coordinatesOfAddress, requirementsFromMessage, type GetQuotesRequestMessage, type PartyMessage } from '@delivery/rpc';
import { getQuotes, type GetQuotesDeps } from '../domain/get-quotes';
import { quoteToMessage } from './quote.mapper';

// Fleets receive the stops as plain JSON; proto optional fields are simply absent.
function party(message: PartyMessage | null) {
  const address = message?.address;
  return { contact: message?.contact ?? null, address: address ? { ...address, coordinates: coordinatesOfAddress(address) } : null };
}

export function getQuotesHandler(deps: GetQuotesDeps) {
  return async (request: GetQuotesRequestMessage) => {
    const { quotes, errors } = await getQuotes(
      {
        accountId: request.accountId,
        correlationId: request.correlationId,
        carrierCode: request.carrierCode || null,
        serviceLevel: request.serviceLevel,
        shipDate: request.shipDate ?? null,
        deliveryDate: request.deliveryDate ?? null,
        currencyCode: request.currencyCode ?? null,
        monetaryValue: request.monetaryValue === undefined ? null : Number(request.monetaryValue),
        packages: request.packages.map((p) => ({
          contentDescription: p.contentDescription ?? null,
          weightKg: p.weightKg,
          dimensionsCm: p.dimensionsCm
            ? { length: p.dimensionsCm.length, width: p.dimensionsCm.width, height: p.dimensionsCm.height }
            : null,
        })),
        pickup: party(request.pickup),
        dropoff: party(request.dropoff),
        requirements: requirementsFromMessage(request.requirements),
      },
      deps,
    );
    return {
      quotes: quotes.map(quoteToMessage),
      quoteErrors: errors.map((e) => ({
        message: e.message,
        fleetName: e.fleetName,
        fleetId: e.fleetId,
        externalTeamId: e.externalTeamId,
        status: e.status ?? undefined,
        details: e.details,
      })),
    };
  };
}
