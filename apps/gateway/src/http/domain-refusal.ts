import { InvalidUser } from '@delivery/accounts';
import { DomainError } from '@delivery/contracts';
import { InvalidWebhookEndpoint } from '@delivery/webhooks';

/**
 * A setting the accounts' or the webhooks' rules refuse (a second user with an email, an
 * account left without an owner, a webhook URL outside the policy) is the request's error:
 * 400, in the words the rule gave (which name the field they concern).
 */
export async function refusedAsInvalidRequest<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof InvalidUser || error instanceof InvalidWebhookEndpoint) {
      throw new DomainError('VALIDATION_FAILED', `Invalid request: ${error.message}`);
    }
    throw error;
  }
}
