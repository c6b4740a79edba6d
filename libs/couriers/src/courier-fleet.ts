import type { FleetConnectorSettings } from '@delivery/accounts';
import type { KeyValueStore } from '@delivery/key-value';
import { budgetEntry } from './call-budget';

/**
 * A courier account as one of our fleets holds it: its connector settings, and the account
 * and fleet whose call budget its calls spend. Structurally one of `@delivery/accounts`'
 * fleets, narrowed to its connector.
 */
export interface CourierFleet<C> {
  accountId: string;
  id: number;
  connector: C;
}

/**
 * Whose budget and `Retry-After` hold a call spends: the fleet's own, and only while it
 * holds the same network account (`identity`, never a secret's text: the budget hashes it).
 * Another account naming the same network ids, against a server of its own, gets a budget of
 * its own and can never hold ours.
 */
export const budgetKeyOf = (fleet: CourierFleet<unknown>, identity: string) => `${fleet.accountId}/${fleet.id}/${identity}`;

/** The network account a courier fleet's calls go out under (its budget's network is the connector's kind); none for the others. */
export function courierIdentityOf(connector: FleetConnectorSettings): string | null {
  switch (connector.kind) {
    case 'doordash':
      return `${connector.developerId}/${connector.keyId}`;
    case 'uber-direct':
      return `${connector.tokenUrl} ${connector.clientId}`;
    case 'onfleet':
      return connector.apiKey;
    default:
      return null;
  }
}

/** A removed fleet's `Retry-After` hold goes with it: a fleet added again under its id starts free. */
export async function releaseCourierHold(store: Pick<KeyValueStore, 'delete'>, fleet: CourierFleet<FleetConnectorSettings>): Promise<void> {
  const identity = courierIdentityOf(fleet.connector);
  if (identity) await store.delete(budgetEntry(fleet.connector.kind, budgetKeyOf(fleet, identity), 'held'));
}
