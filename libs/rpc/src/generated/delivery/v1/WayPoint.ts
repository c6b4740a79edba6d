// Original file: protos/delivery/v1/order_lifecycle.proto

import type { WayPointType as _delivery_v1_WayPointType, WayPointType__Output as _delivery_v1_WayPointType__Output } from '../../delivery/v1/WayPointType';
import type { Party as _delivery_v1_Party, Party__Output as _delivery_v1_Party__Output } from '../../delivery/v1/Party';
import type { ProofOfDelivery as _delivery_v1_ProofOfDelivery, ProofOfDelivery__Output as _delivery_v1_ProofOfDelivery__Output } from '../../delivery/v1/ProofOfDelivery';
import type { FailedAttempt as _delivery_v1_FailedAttempt, FailedAttempt__Output as _delivery_v1_FailedAttempt__Output } from '../../delivery/v1/FailedAttempt';

export interface WayPoint {
  'id'?: (string);
  'type'?: (_delivery_v1_WayPointType);
  'party'?: (_delivery_v1_Party | null);
  /**
   * The fleet's reports.
   */
  'eta'?: (string);
  'arrivedAt'?: (string);
  'completedAt'?: (string);
  'failureReason'?: (string);
  'failedAt'?: (string);
  'proofOfDelivery'?: (_delivery_v1_ProofOfDelivery | null);
  /**
   * With failure_reason: its code (libs/contracts FAILURE_CODES); absent on failures older than codes.
   */
  'failureCode'?: (string);
  /**
   * A drop-off tried again: its earlier failed attempts, oldest first.
   */
  'attempts'?: (_delivery_v1_FailedAttempt)[];
  '_eta'?: "eta";
  '_arrivedAt'?: "arrivedAt";
  '_completedAt'?: "completedAt";
  '_failureReason'?: "failureReason";
  '_failedAt'?: "failedAt";
  '_proofOfDelivery'?: "proofOfDelivery";
  '_failureCode'?: "failureCode";
}

export interface WayPoint__Output {
  'id': (string);
  'type': (_delivery_v1_WayPointType__Output);
  'party': (_delivery_v1_Party__Output | null);
  /**
   * The fleet's reports.
   */
  'eta'?: (string);
  'arrivedAt'?: (string);
  'completedAt'?: (string);
  'failureReason'?: (string);
  'failedAt'?: (string);
  'proofOfDelivery'?: (_delivery_v1_ProofOfDelivery__Output | null);
  /**
   * With failure_reason: its code (libs/contracts FAILURE_CODES); absent on failures older than codes.
   */
  'failureCode'?: (string);
  /**
   * A drop-off tried again: its earlier failed attempts, oldest first.
   */
  'attempts': (_delivery_v1_FailedAttempt__Output)[];
  '_eta'?: "eta";
  '_arrivedAt'?: "arrivedAt";
  '_completedAt'?: "completedAt";
  '_failureReason'?: "failureReason";
  '_failedAt'?: "failedAt";
  '_proofOfDelivery'?: "proofOfDelivery";
  '_failureCode'?: "failureCode";
}
