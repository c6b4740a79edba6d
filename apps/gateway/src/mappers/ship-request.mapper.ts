import {
  coordinatesOf,
  platformFieldsOf,
  platformFieldsToJson,
  requirementsOfShipment,
  toCentimetres,
  toKilograms,
  type CreateOrderRequest,
  type Party,
  type ShipPackage,
  type ShipRequest,
} from '@delivery/contracts';
import { requirementsToMessage, type CreateOrderRequestInput, type GetQuotesRequestInput, type PartyMessageInput } from '@delivery/rpc';

const orUndefined = <T>(value: T | null | undefined) => value ?? undefined;

/** Measured packages travel in centimetres, whatever unit the caller measured in. */
function dimensionsCm(pkg: ShipPackage) {
  const { dimensions: d } = pkg;
  if (!d) return undefined;
  return {
    length: toCentimetres(d.length, d.units),
    width: toCentimetres(d.width, d.units),
    height: toCentimetres(d.height, d.units),
    units: 'CM',
  };
}

/** A package as the services take it: weighed in kilograms, measured in centimetres. */
const toPackage = (pkg: ShipPackage) => ({
  contentDescription: orUndefined(pkg.contentDescription),
  weightKg: toKilograms(pkg.weight.value, pkg.weight.weightUnits),
  dimensions: dimensionsCm(pkg),
  packageType: orUndefined(pkg.packageType),
});

function toParty(party: Party): PartyMessageInput {
  const coordinates = coordinatesOf(party.address);
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
      ...(coordinates && { latitude: coordinates.lat, longitude: coordinates.lng }),
    },
  };
}

/** The ship request as the order-lifecycle service reads it: typed, timestamps in UTC. */
export function toCreateOrderRequest(
  body: ShipRequest | CreateOrderRequest,
  accountId: string,
  correlationId: string,
): CreateOrderRequestInput & Required<Pick<CreateOrderRequestInput, 'packages'>> {
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
    shipDate: orUndefined(shipment.shipDate),
    deliveryDate: orUndefined(shipment.deliveryDate),
    monetaryValue: shipment.monetaryValue == null ? undefined : String(shipment.monetaryValue),
    currencyCode: orUndefined(shipment.currencyCode),
    shipper: toParty(shipment.shipper),
    recipient: toParty(shipment.recipient),
    packages: shipment.packages.map(toPackage),
    platformFieldsJson: platformFieldsToJson(platformFieldsOf(shipment)),
    requirements: requirementsToMessage(requirementsOfShipment(shipment)),
  };
}

/** What the quote service needs of a ship request: who, what, where, when. */
export function toGetQuotesRequest(body: ShipRequest, accountId: string, correlationId: string): GetQuotesRequestInput {
  const order = toCreateOrderRequest(body, accountId, correlationId);
  return {
    accountId,
    correlationId,
    carrierCode: order.carrierCode || undefined,
    serviceLevel: order.serviceLevel,
    shipDate: order.shipDate,
    deliveryDate: order.deliveryDate,
    currencyCode: order.currencyCode,
    monetaryValue: order.monetaryValue,
    packages: order.packages.map(({ contentDescription, weightKg, dimensions }) => ({
      contentDescription,
      weightKg,
      dimensionsCm: dimensions,
    })),
    pickup: order.shipper,
    dropoff: order.recipient,
    requirements: order.requirements,
  };
}
