// Original file: protos/delivery/v1/order_lifecycle.proto

import type { FleetActionKind as _delivery_v1_FleetActionKind, FleetActionKind__Output as _delivery_v1_FleetActionKind__Output } from '../../delivery/v1/FleetActionKind';
import type { DriverDetails as _delivery_v1_DriverDetails, DriverDetails__Output as _delivery_v1_DriverDetails__Output } from '../../delivery/v1/DriverDetails';
import type { ProofOfDelivery as _delivery_v1_ProofOfDelivery, ProofOfDelivery__Output as _delivery_v1_ProofOfDelivery__Output } from '../../delivery/v1/ProofOfDelivery';
import type { EtaUpdate as _delivery_v1_EtaUpdate, EtaUpdate__Output as _delivery_v1_EtaUpdate__Output } from '../../delivery/v1/EtaUpdate';
import type { CourierFee as _delivery_v1_CourierFee, CourierFee__Output as _delivery_v1_CourierFee__Output } from '../../delivery/v1/CourierFee';

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
   * REJECT, FAIL; ADVANCE to failed or cancelled.
   */
  'reason'?: (string);
  /**
   * ASSIGN_DRIVER; ADVANCE: the courier, when the network names one.
   */
  'driver'?: (_delivery_v1_DriverDetails | null);
  /**
   * COMPLETE; ADVANCE to delivered, with what the network says it verified.
   */
  'proofOfDelivery'?: (_delivery_v1_ProofOfDelivery | null);
  /**
   * UPDATE_LOCATION, ADVANCE: the driver's position (both or neither) and new ETAs.
   */
  'lat'?: (number | string);
  'lng'?: (number | string);
  'etas'?: (_delivery_v1_EtaUpdate)[];
  /**
   * ADVANCE: one of the courier stages (libs/couriers, COURIER_STAGES).
   */
  'stage'?: (string);
  /**
   * ADVANCE: the network's ETAs at the pick-up and the drop-off, which it knows by stop, not by our way point ids.
   */
  'pickupEta'?: (string);
  'dropoffEta'?: (string);
  /**
   * ADVANCE: the network's own id for the delivery (Uber's del_...), kept to read and cancel it there.
   */
  'reference'?: (string);
  /**
   * ADVANCE: the network's fee for the delivery, when it says.
   */
  'fee'?: (_delivery_v1_CourierFee | null);
  /**
   * FAIL, and ADVANCE to failed, returned or cancelled: the failure's code (libs/contracts FAILURE_CODES); other when absent.
   */
  'failureCode'?: (string);
  '_wayPointId'?: "wayPointId";
  '_reason'?: "reason";
  '_driver'?: "driver";
  '_proofOfDelivery'?: "proofOfDelivery";
  '_lat'?: "lat";
  '_lng'?: "lng";
  '_stage'?: "stage";
  '_pickupEta'?: "pickupEta";
  '_dropoffEta'?: "dropoffEta";
  '_reference'?: "reference";
  '_fee'?: "fee";
  '_failureCode'?: "failureCode";
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
   * REJECT, FAIL; ADVANCE to failed or cancelled.
   */
  'reason'?: (string);
  /**
   * ASSIGN_DRIVER; ADVANCE: the courier, when the network names one.
   */
  'driver'?: (_delivery_v1_DriverDetails__Output | null);
  /**
   * COMPLETE; ADVANCE to delivered, with what the network says it verified.
   */
  'proofOfDelivery'?: (_delivery_v1_ProofOfDelivery__Output | null);
  /**
   * UPDATE_LOCATION, ADVANCE: the driver's position (both or neither) and new ETAs.
   */
  'lat'?: (number);
  'lng'?: (number);
  'etas': (_delivery_v1_EtaUpdate__Output)[];
  /**
   * ADVANCE: one of the courier stages (libs/couriers, COURIER_STAGES).
   */
  'stage'?: (string);
  /**
   * ADVANCE: the network's ETAs at the pick-up and the drop-off, which it knows by stop, not by our way point ids.
   */
  'pickupEta'?: (string);
  'dropoffEta'?: (string);
  /**
   * ADVANCE: the network's own id for the delivery (Uber's del_...), kept to read and cancel it there.
   */
  'reference'?: (string);
  /**
   * ADVANCE: the network's fee for the delivery, when it says.
   */
  'fee'?: (_delivery_v1_CourierFee__Output | null);
  /**
   * FAIL, and ADVANCE to failed, returned or cancelled: the failure's code (libs/contracts FAILURE_CODES); other when absent.
   */
  'failureCode'?: (string);
  '_wayPointId'?: "wayPointId";
  '_reason'?: "reason";
  '_driver'?: "driver";
  '_proofOfDelivery'?: "proofOfDelivery";
  '_lat'?: "lat";
  '_lng'?: "lng";
  '_stage'?: "stage";
  '_pickupEta'?: "pickupEta";
  '_dropoffEta'?: "dropoffEta";
  '_reference'?: "reference";
  '_fee'?: "fee";
  '_failureCode'?: "failureCode";
}
