import { toInstant, toKilograms, type CreateOrderRequest, type Party, type ShipRequest } from '@delivery/contracts';
import type { CreateOrderRequestInput, GetQuotesRequestInput, PartyMessageInput } from '@delivery/rpc';

const orUndefined = <T>(value: T | null | undefined) => value ?? undefined;
const instant = (timestamp: string | null | undefined) => (timestamp ? toInstant(timestamp).toISOString() : undefined);

function toParty(party: Party): PartyMessageInput {
  return {
    contact: {
      personName: orUndefined(party.contact.personName),
      phoneNumber: orUndefined(party.contact.phoneNumber),
      email: orUndefined(party.contact.email),
    },
    address: {
      streetLines: party.address.streetLines ?? [],
      city: orUndefined(party.address.city),
      stateOrProvinceCode: orUndefined(party.address.stateOrProvinceCode),
      postalCode: orUndefined(party.address.postalCode),
      countryCode: orUndefined(party.address.countryCode),
    },
  };
}

/** The ship request as the order-lifecycle service reads it: typed, timestamps in UTC. */
export function toCreateOrderRequest(
  body: ShipRequest | CreateOrderRequest,
  accountId: string,
  correlationId: string,
): CreateOrderRequestInput {
  const { shipRequest } = body;
  const { shipment } = shipRequest;
  return {
    accountId,
    correlationId,
    provider: orUndefined(shipRequest.provider),
    carrierCode: shipRequest.carrierCode ?? '',
    serviceLevel: shipment.serviceLevel,
    orderId: shipment.orderId,
    fulfillmentId: shipment.fulfillmentId,
    description: orUndefined(shipment.description),
    shipDate: instant(shipment.shipDate),
    deliveryDate: instant(shipment.deliveryDate),
    monetaryValue: shipment.monetaryValue == null ? undefined : String(shipment.monetaryValue),
    currencyCode: orUndefined(shipment.currencyCode),
    shipper: toParty(shipment.shipper),
    recipient: toParty(shipment.recipient),
    packages: shipment.packages.map((pkg) => ({
      contentDescription: orUndefined(pkg.contentDescription),
      weight: { value: pkg.weight.value, unit: pkg.weight.weightUnits },
      packageType: orUndefined(pkg.packageType),
    })),
    referenceFields: (shipment.referenceFields ?? [])
      .filter((field) => field.key)
      .map((field) => ({ key: String(field.key), value: field.value == null ? '' : String(field.value) })),
  };
}

/** What the quote service needs of a ship request: who, what, where, when. */
export function toGetQuotesRequest(body: ShipRequest, accountId: string, correlationId: string): GetQuotesRequestInput {
  const order = toCreateOrderRequest(body, accountId, correlationId);
  const { shipment } = body.shipRequest;
  return {
    accountId,
    correlationId,
    carrierCode: order.carrierCode || undefined,
    serviceLevel: order.serviceLevel,
    shipDate: order.shipDate,
    deliveryDate: order.deliveryDate,
    currencyCode: order.currencyCode,
    monetaryValue: order.monetaryValue,
    packages: shipment.packages.map((pkg) => ({
      contentDescription: orUndefined(pkg.contentDescription),
      weightKg: toKilograms(pkg.weight.value, pkg.weight.weightUnits),
    })),
    pickup: order.shipper,
    dropoff: order.recipient,
  };
}
