// Original file: protos/delivery/v1/order_lifecycle.proto

import type { FleetActionKind as _delivery_v1_FleetActionKind, FleetActionKind__Output as _delivery_v1_FleetActionKind__Output } from '../../delivery/v1/FleetActionKind';
import type { DriverDetails as _delivery_v1_DriverDetails, DriverDetails__Output as _delivery_v1_DriverDetails__Output } from '../../delivery/v1/DriverDetails';
import type { ProofOfDelivery as _delivery_v1_ProofOfDelivery, ProofOfDelivery__Output as _delivery_v1_ProofOfDelivery__Output } from '../../delivery/v1/ProofOfDelivery';
import type { EtaUpdate as _delivery_v1_EtaUpdate, EtaUpdate__Output as _delivery_v1_EtaUpdate__Output } from '../../delivery/v1/EtaUpdate';

export interface FleetActionRequest {
  'accountId'?: (string);
  'fleetId'?: (number);
  'correlationId'?: (string);
  /**
   * A task id (tsk_...) or a shipment id.
   */
  'taskId'?: (string);
  'kind'?: (_delivery_v1_FleetActionKind);
  /**
   * ARRIVE, COMPLETE, FAIL.
   */
  'wayPointId'?: (string);
  /**
   * REJECT, FAIL.
   */
  'reason'?: (string);
  /**
   * ASSIGN_DRIVER.
   */
  'driver'?: (_delivery_v1_DriverDetails | null);
  /**
   * COMPLETE.
   */
  'proofOfDelivery'?: (_delivery_v1_ProofOfDelivery | null);
  /**
   * UPDATE_LOCATION: the driver's position (both or neither) and new ETAs.
   */
  'lat'?: (number | string);
  'lng'?: (number | string);
  'etas'?: (_delivery_v1_EtaUpdate)[];
  '_wayPointId'?: "wayPointId";
  '_reason'?: "reason";
  '_driver'?: "driver";
  '_proofOfDelivery'?: "proofOfDelivery";
  '_lat'?: "lat";
  '_lng'?: "lng";
}

export interface FleetActionRequest__Output {
  'accountId': (string);
  'fleetId': (number);
  'correlationId': (string);
  /**
   * A task id (tsk_...) or a shipment id.
   */
  'taskId': (string);
  'kind': (_delivery_v1_FleetActionKind__Output);
  /**
   * ARRIVE, COMPLETE, FAIL.
   */
  'wayPointId'?: (string);
  /**
   * REJECT, FAIL.
   */
  'reason'?: (string);
  /**
   * ASSIGN_DRIVER.
   */
  'driver'?: (_delivery_v1_DriverDetails__Output | null);
  /**
   * COMPLETE.
   */
  'proofOfDelivery'?: (_delivery_v1_ProofOfDelivery__Output | null);
  /**
   * UPDATE_LOCATION: the driver's position (both or neither) and new ETAs.
   */
  'lat'?: (number);
  'lng'?: (number);
  'etas': (_delivery_v1_EtaUpdate__Output)[];
  '_wayPointId'?: "wayPointId";
  '_reason'?: "reason";
  '_driver'?: "driver";
  '_proofOfDelivery'?: "proofOfDelivery";
  '_lat'?: "lat";
  '_lng'?: "lng";
}
