// Original file: protos/delivery/v1/order_lifecycle.proto

import type { Location as _delivery_v1_Location, Location__Output as _delivery_v1_Location__Output } from '../../delivery/v1/Location';

export interface Driver {
  'name'?: (string);
  'phone'?: (string);
  'vehicle'?: (string);
  'assignedAt'?: (string);
  'location'?: (_delivery_v1_Location | null);
  /**
   * One of the fleet's own drivers, who took the task in the driver app (drv_...); absent when the fleet's own system named the driver.
   */
  'driverId'?: (string);
  '_phone'?: "phone";
  '_vehicle'?: "vehicle";
  '_location'?: "location";
  '_driverId'?: "driverId";
}

export interface Driver__Output {
  'name': (string);
  'phone'?: (string);
  'vehicle'?: (string);
  'assignedAt': (string);
  'location'?: (_delivery_v1_Location__Output | null);
  /**
   * One of the fleet's own drivers, who took the task in the driver app (drv_...); absent when the fleet's own system named the driver.
   */
  'driverId'?: (string);
  '_phone'?: "phone";
  '_vehicle'?: "vehicle";
  '_location'?: "location";
  '_driverId'?: "driverId";
}
