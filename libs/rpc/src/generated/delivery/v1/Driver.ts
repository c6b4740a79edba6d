// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Location as _delivery_v1_Location, Location__Output as _delivery_v1_Location__Output } from '../../delivery/v1/Location';

export interface Driver {
  'name'?: (string);
  'phone'?: (string);
  'vehicle'?: (string);
  'assignedAt'?: (string);
  'location'?: (_delivery_v1_Location | null);
  '_phone'?: "phone";
  '_vehicle'?: "vehicle";
  '_location'?: "location";
}

export interface Driver__Output {
  'name': (string);
  'phone'?: (string);
  'vehicle'?: (string);
  'assignedAt': (string);
  'location'?: (_delivery_v1_Location__Output | null);
  '_phone'?: "phone";
  '_vehicle'?: "vehicle";
  '_location'?: "location";
}
