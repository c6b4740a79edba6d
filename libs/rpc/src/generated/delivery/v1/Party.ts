// Original file: protos/delivery/v1/common.proto

import type { Contact as _delivery_v1_Contact, Contact__Output as _delivery_v1_Contact__Output } from '../../delivery/v1/Contact';
import type { Address as _delivery_v1_Address, Address__Output as _delivery_v1_Address__Output } from '../../delivery/v1/Address';

export interface Party {
  'contact'?: (_delivery_v1_Contact | null);
  'address'?: (_delivery_v1_Address | null);
}

export interface Party__Output {
  'contact': (_delivery_v1_Contact__Output | null);
  'address': (_delivery_v1_Address__Output | null);
}
