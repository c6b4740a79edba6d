import { checkOutboundHost, checkOutboundUrl, ForbiddenOutboundUrl, type OutboundPolicy, type Resolver } from '@delivery/outbound';
import { InvalidSetting } from './invalid-setting';

/**
 * A URL we will call, checked by the outbound policy when it is saved (and again by the
 * client at every connection): the refusal names the setting's field and the reason.
 */
export async function checkConfiguredUrl(
  field: string,
  url: string,
  { urlPolicy, resolve }: { urlPolicy: OutboundPolicy; resolve?: Resolver },
): Promise<void> {
  await refusedAs(field, () => checkOutboundUrl(url, urlPolicy, resolve));
}

/** A host we will connect to (an SMTP server), checked as a URL is. */
export async function checkConfiguredHost(
  field: string,
  host: string,
  { urlPolicy, resolve }: { urlPolicy: OutboundPolicy; resolve?: Resolver },
): Promise<void> {
  await refusedAs(field, () => checkOutboundHost(host, urlPolicy, resolve));
}

async function refusedAs(field: string, check: () => Promise<unknown>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof ForbiddenOutboundUrl) throw new InvalidSetting(`${field}: ${error.message}`);
    throw error;
  }
}
