// Original file: protos/delivery/v1/order_lifecycle.proto

export const FleetActionKind = {
  FLEET_ACTION_KIND_UNSPECIFIED: 'FLEET_ACTION_KIND_UNSPECIFIED',
  ACCEPT: 'ACCEPT',
  REJECT: 'REJECT',
  ASSIGN_DRIVER: 'ASSIGN_DRIVER',
  START: 'START',
  ARRIVE: 'ARRIVE',
  COMPLETE: 'COMPLETE',
  FAIL: 'FAIL',
  RETURN: 'RETURN',
  UPDATE_LOCATION: 'UPDATE_LOCATION',
  /**
   * A courier network's word on where the delivery stands (stage): the missing steps are taken.
   */
  ADVANCE: 'ADVANCE',
} as const;

export type FleetActionKind =
  | 'FLEET_ACTION_KIND_UNSPECIFIED'
  | 0
  | 'ACCEPT'
  | 1
  | 'REJECT'
  | 2
  | 'ASSIGN_DRIVER'
  | 3
  | 'START'
  | 4
  | 'ARRIVE'
  | 5
  | 'COMPLETE'
  | 6
  | 'FAIL'
  | 7
  | 'RETURN'
  | 8
  | 'UPDATE_LOCATION'
  | 9
  /**
   * A courier network's word on where the delivery stands (stage): the missing steps are taken.
   */
  | 'ADVANCE'
  | 10

export type FleetActionKind__Output = typeof FleetActionKind[keyof typeof FleetActionKind]
