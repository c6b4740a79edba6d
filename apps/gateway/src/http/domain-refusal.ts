import { FleetIdTaken, InvalidSetting, ManagedClientApp } from '@delivery/accounts';
import { DomainError } from '@delivery/contracts';

/**
 * A setting the account-settings use cases refuse (a second user with an email, an account
 * left without an owner, a webhook URL outside the policy) is the request's error: 400, in
 * the words the rule gave (which name the field they concern).
 */
export async function refusedAsInvalidRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ManagedClientApp) throw new DomainError('CLIENT_APP_MANAGED', error.message);
    if (error instanceof InvalidSetting) throw new DomainError('VALIDATION_FAILED', `Invalid request: ${error.message}`);
    if (error instanceof FleetIdTaken) throw new DomainError('SERVICE_UNAVAILABLE', 'Fleets are being added at the same moment; try again');
    throw error;
  }
}
