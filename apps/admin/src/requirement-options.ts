import {
  DELIVERY_REQUIREMENTS,
  MINIMUM_AGE,
  memberOf,
  requirementsOf,
  type DeliveryRequirement,
  type DeliveryRequirements,
} from '@delivery/contracts';
import { list, UsageError, whole, type Options } from './command-options';

function requirementList(options: Options, name: string): DeliveryRequirement[] {
  const given = options[name] === 'none' ? [] : list(options[name]);
  return given.map((item) => {
    const kind = memberOf(DELIVERY_REQUIREMENTS, item);
    if (!kind) throw new UsageError(`--${name} takes ${DELIVERY_REQUIREMENTS.join(', ')} (comma-separated) or none: "${item}"`);
    return kind;
  });
}

/** `--requires signature,photo,pin,id_check,barcode_scan [--minimum-age 21]`: what every delivery of the plan requires; absent, nothing more than its ship request asks. */
export function planRequirementsOption(options: Options): DeliveryRequirements | null {
  if (options.requires === undefined && options['minimum-age'] === undefined) return null;
  const minimumAge = options['minimum-age'] === undefined ? null : whole(options, 'minimum-age', 0, MINIMUM_AGE.min, MINIMUM_AGE.max);
  return requirementsOf(requirementList(options, 'requires'), minimumAge);
}

/** `--capabilities signature,photo,…|none`: the proof a fleet's drivers collect; absent, what its connector carries. */
export const capabilitiesOption = (options: Options): DeliveryRequirement[] | null =>
  options.capabilities === undefined ? null : requirementList(options, 'capabilities');
