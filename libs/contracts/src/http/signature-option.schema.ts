import { mergeRequirements, NO_REQUIREMENTS, type DeliveryRequirements } from '../requirements/delivery-requirements';
import { platformFlag, platformList, platformRecord, platformText } from './platform-values';

/**
 * The platform's own words for what a drop-off needs (docs/decisions.md, "Delivery
 * requirements"): `IsSignatureRequired`, and FedEx's signature option, which the platform
 * sends for the shipment (`specialService.signatureOptionDetail.optionType`) or, as FedEx's
 * REST API has it, per package (`packageSpecialServices.signatureOptionType`).
 */

/** FedEx: an adult signature is given by someone 21 or older, who shows an ID saying so. */
export const ADULT_SIGNATURE_AGE = 21;

const NONE = new Set(['NO_SIGNATURE_REQUIRED', 'SERVICE_DEFAULT']);

/** A signature option as requirements; an option we do not know asks for a signature rather than none. */
function fromSignatureOption(option: string | null | undefined): DeliveryRequirements {
  if (option == null) return NO_REQUIREMENTS;
  const name = option.toUpperCase().replace(/[\s-]/g, '_');
  if (NONE.has(name)) return NO_REQUIREMENTS;
  if (name.startsWith('ADULT')) return { kinds: ['signature', 'minimum_age'], minimumAge: ADULT_SIGNATURE_AGE };
  return { kinds: ['signature'], minimumAge: null };
}

const OPTION = 'specialService.signatureOptionDetail.optionType';
const PACKAGE_OPTION = 'packages.packageSpecialServices.signatureOptionType';

/** The fields of a parsed shipment (its unread fields kept as sent) that say what its drop-off requires. */
export const shipmentRequirementsSchema = platformRecord({
  IsSignatureRequired: platformFlag('IsSignatureRequired'),
  specialService: platformRecord({ signatureOptionDetail: platformRecord({ optionType: platformText(OPTION, 100) }) }),
  packages: platformList(
    platformRecord({ packageSpecialServices: platformRecord({ signatureOptionType: platformText(PACKAGE_OPTION, 100) }) }),
    'packages',
    {
      max: 100,
    },
  ),
}).transform((fields): DeliveryRequirements =>
  mergeRequirements(
    fields.IsSignatureRequired ? { kinds: ['signature'], minimumAge: null } : null,
    fromSignatureOption(fields.specialService.signatureOptionDetail.optionType),
    ...fields.packages.map((pkg) => fromSignatureOption(pkg.packageSpecialServices.signatureOptionType)),
  ),
);

/** What the shipment's own fields require at its drop-off; the shipment passed `shipmentSchema`, which checked them. */
export const requirementsOfShipment = (shipment: unknown): DeliveryRequirements => shipmentRequirementsSchema.parse(shipment);
