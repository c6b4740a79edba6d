// Original file: protos/delivery/v1/order_lifecycle.proto

import type { WayPointType as _delivery_v1_WayPointType, WayPointType__Output as _delivery_v1_WayPointType__Output } from '../../delivery/v1/WayPointType';
import type { Party as _delivery_v1_Party, Party__Output as _delivery_v1_Party__Output } from '../../delivery/v1/Party';

export interface WayPoint {
  'id'?: (string);
  'type'?: (_delivery_v1_WayPointType);
  'party'?: (_delivery_v1_Party | null);
}

export interface WayPoint__Output {
  'id': (string);
  'type': (_delivery_v1_WayPointType__Output);
  'party': (_delivery_v1_Party__Output | null);
}
