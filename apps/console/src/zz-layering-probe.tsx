import { capabilitiesOf } from '@delivery/accounts';
export const probe = capabilitiesOf;
