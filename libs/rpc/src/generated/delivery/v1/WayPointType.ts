// Original file: protos/delivery/v1/order_lifecycle.proto

export const WayPointType = {
  WAY_POINT_TYPE_UNSPECIFIED: 'WAY_POINT_TYPE_UNSPECIFIED',
  PICKUP: 'PICKUP',
  DROPOFF: 'DROPOFF',
} as const;

export type WayPointType =
  | 'WAY_POINT_TYPE_UNSPECIFIED'
  | 0
  | 'PICKUP'
  | 1
  | 'DROPOFF'
  | 2

export type WayPointType__Output = typeof WayPointType[keyof typeof WayPointType]
