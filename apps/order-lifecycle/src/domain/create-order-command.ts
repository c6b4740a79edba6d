import type { DeliveryRequirements } from '@delivery/contracts';
import type { Causation } from './order-events';
import type { Dimensions, TaskParty } from './task';

export interface CreateOrderCommand extends Causation {
  accountId: string;
  provider: string | null;
  carrierCode: string;
  serviceLevel: string;
  orderId: string;
  fulfillmentId: string;
  description: string | null;
  shipDate: string | null;
  deliveryDate: string | null;
  monetaryValue: string | null;
  currencyCode: string | null;
  shipper: TaskParty;
  recipient: TaskParty;
  packages: {
    contentDescription: string | null;
    weightKg: number;
    dimensionsCm: Dimensions | null;
    packageType: string | null;
  }[];
  platformFieldsJson: string;
  /** What the ship request's own fields require at the drop-off. */
  requirements: DeliveryRequirements;
}
