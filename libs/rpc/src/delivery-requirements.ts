import { requirementKindsOf, requirementsOf, type DeliveryRequirements } from '@delivery/contracts';
import type {
  DeliveryRequirements as RequirementsMessageInput,
  DeliveryRequirements__Output as RequirementsMessage,
} from './generated/delivery/v1/DeliveryRequirements';

/** The one mapping of a drop-off's requirements to and from gRPC; a kind a newer sender knows and we do not is dropped. */
export const requirementsToMessage = (requirements: DeliveryRequirements): RequirementsMessageInput => ({
  kinds: requirements.kinds,
  minimumAge: requirements.minimumAge ?? undefined,
});

export function requirementsFromMessage(message: RequirementsMessage | null | undefined): DeliveryRequirements {
  const kinds = requirementKindsOf(message?.kinds);
  return requirementsOf(kinds, kinds.includes('minimum_age') ? (message?.minimumAge ?? null) : null);
}
