// Original file: protos/delivery/v1/order_lifecycle.proto

import type { TaskStatus as _delivery_v1_TaskStatus, TaskStatus__Output as _delivery_v1_TaskStatus__Output } from '../../delivery/v1/TaskStatus';
import type { WayPoint as _delivery_v1_WayPoint, WayPoint__Output as _delivery_v1_WayPoint__Output } from '../../delivery/v1/WayPoint';
import type { TaskPackage as _delivery_v1_TaskPackage, TaskPackage__Output as _delivery_v1_TaskPackage__Output } from '../../delivery/v1/TaskPackage';
import type { Charge as _delivery_v1_Charge, Charge__Output as _delivery_v1_Charge__Output } from '../../delivery/v1/Charge';
import type { TaskDocument as _delivery_v1_TaskDocument, TaskDocument__Output as _delivery_v1_TaskDocument__Output } from '../../delivery/v1/TaskDocument';
import type { Reservation as _delivery_v1_Reservation, Reservation__Output as _delivery_v1_Reservation__Output } from '../../delivery/v1/Reservation';
import type { Dispatch as _delivery_v1_Dispatch, Dispatch__Output as _delivery_v1_Dispatch__Output } from '../../delivery/v1/Dispatch';
import type { Driver as _delivery_v1_Driver, Driver__Output as _delivery_v1_Driver__Output } from '../../delivery/v1/Driver';
import type { TimelineEntry as _delivery_v1_TimelineEntry, TimelineEntry__Output as _delivery_v1_TimelineEntry__Output } from '../../delivery/v1/TimelineEntry';
import type { DispatchDecision as _delivery_v1_DispatchDecision, DispatchDecision__Output as _delivery_v1_DispatchDecision__Output } from '../../delivery/v1/DispatchDecision';
import type { LatenessAlert as _delivery_v1_LatenessAlert, LatenessAlert__Output as _delivery_v1_LatenessAlert__Output } from '../../delivery/v1/LatenessAlert';
import type { DeliveryRequirements as _delivery_v1_DeliveryRequirements, DeliveryRequirements__Output as _delivery_v1_DeliveryRequirements__Output } from '../../delivery/v1/DeliveryRequirements';
import type { FollowUp as _delivery_v1_FollowUp, FollowUp__Output as _delivery_v1_FollowUp__Output } from '../../delivery/v1/FollowUp';
import type { FleetRejection as _delivery_v1_FleetRejection, FleetRejection__Output as _delivery_v1_FleetRejection__Output } from '../../delivery/v1/FleetRejection';
import type { DeliveryRating as _delivery_v1_DeliveryRating, DeliveryRating__Output as _delivery_v1_DeliveryRating__Output } from '../../delivery/v1/DeliveryRating';

export interface Task {
  'id'?: (string);
  'accountId'?: (string);
  'shipmentId'?: (string);
  'status'?: (_delivery_v1_TaskStatus);
  'readyToExecute'?: (boolean);
  'orderId'?: (string);
  'fulfillmentId'?: (string);
  'provider'?: (string);
  'carrierCode'?: (string);
  'carrierName'?: (string);
  'serviceLevel'?: (string);
  'shipDate'?: (string);
  'deliveryDate'?: (string);
  'description'?: (string);
  'wayPoints'?: (_delivery_v1_WayPoint)[];
  'packages'?: (_delivery_v1_TaskPackage)[];
  'billingWeightKg'?: (number | string);
  'shippingCharge'?: (_delivery_v1_Charge | null);
  'documents'?: (_delivery_v1_TaskDocument)[];
  'createdAt'?: (string);
  'cancelledAt'?: (string);
  'reservation'?: (_delivery_v1_Reservation | null);
  'updatedAt'?: (string);
  /**
   * The shipment's fields the service does not act on, as the caller sent them: a JSON object.
   */
  'platformFieldsJson'?: (string);
  'dispatch'?: (_delivery_v1_Dispatch | null);
  'driver'?: (_delivery_v1_Driver | null);
  /**
   * Opens the recipient's tracking page; absent on tasks created before it existed.
   */
  'trackingToken'?: (string);
  /**
   * Every event of the task with its time, oldest first; older tasks lack the events before it existed.
   */
  'timeline'?: (_delivery_v1_TimelineEntry)[];
  /**
   * Grows by one with every change of the task: how a reader tells a newer state from an older one.
   */
  'revision'?: (number);
  /**
   * How a Same-Day task's fleet was chosen; absent on planned tasks and on tasks older than it.
   */
  'dispatchDecision'?: (_delivery_v1_DispatchDecision | null);
  /**
   * Each lateness told so far (TaskLate), oldest first.
   */
  'lateness'?: (_delivery_v1_LatenessAlert)[];
  /**
   * What its drop-off requires (the ship request's and the plan's), and the PIN the recipient gives when one is.
   */
  'requirements'?: (_delivery_v1_DeliveryRequirements | null);
  'pin'?: (string);
  'followUp'?: (_delivery_v1_FollowUp | null);
  /**
   * Each fleet that gave the task back (refused it, or named no driver in time), oldest first.
   */
  'rejections'?: (_delivery_v1_FleetRejection)[];
  /**
   * The recipient's rating, once given on the tracking page.
   */
  'rating'?: (_delivery_v1_DeliveryRating | null);
  '_provider'?: "provider";
  '_shipDate'?: "shipDate";
  '_deliveryDate'?: "deliveryDate";
  '_description'?: "description";
  '_cancelledAt'?: "cancelledAt";
  '_reservation'?: "reservation";
  '_dispatch'?: "dispatch";
  '_driver'?: "driver";
  '_trackingToken'?: "trackingToken";
  '_dispatchDecision'?: "dispatchDecision";
  '_requirements'?: "requirements";
  '_pin'?: "pin";
  '_followUp'?: "followUp";
  '_rating'?: "rating";
}

export interface Task__Output {
  'id': (string);
  'accountId': (string);
  'shipmentId': (string);
  'status': (_delivery_v1_TaskStatus__Output);
  'readyToExecute': (boolean);
  'orderId': (string);
  'fulfillmentId': (string);
  'provider'?: (string);
  'carrierCode': (string);
  'carrierName': (string);
  'serviceLevel': (string);
  'shipDate'?: (string);
  'deliveryDate'?: (string);
  'description'?: (string);
  'wayPoints': (_delivery_v1_WayPoint__Output)[];
  'packages': (_delivery_v1_TaskPackage__Output)[];
  'billingWeightKg': (number);
  'shippingCharge': (_delivery_v1_Charge__Output | null);
  'documents': (_delivery_v1_TaskDocument__Output)[];
  'createdAt': (string);
  'cancelledAt'?: (string);
  'reservation'?: (_delivery_v1_Reservation__Output | null);
  'updatedAt': (string);
  /**
   * The shipment's fields the service does not act on, as the caller sent them: a JSON object.
   */
  'platformFieldsJson': (string);
  'dispatch'?: (_delivery_v1_Dispatch__Output | null);
  'driver'?: (_delivery_v1_Driver__Output | null);
  /**
   * Opens the recipient's tracking page; absent on tasks created before it existed.
   */
  'trackingToken'?: (string);
  /**
   * Every event of the task with its time, oldest first; older tasks lack the events before it existed.
   */
  'timeline': (_delivery_v1_TimelineEntry__Output)[];
  /**
   * Grows by one with every change of the task: how a reader tells a newer state from an older one.
   */
  'revision': (number);
  /**
   * How a Same-Day task's fleet was chosen; absent on planned tasks and on tasks older than it.
   */
  'dispatchDecision'?: (_delivery_v1_DispatchDecision__Output | null);
  /**
   * Each lateness told so far (TaskLate), oldest first.
   */
  'lateness': (_delivery_v1_LatenessAlert__Output)[];
  /**
   * What its drop-off requires (the ship request's and the plan's), and the PIN the recipient gives when one is.
   */
  'requirements'?: (_delivery_v1_DeliveryRequirements__Output | null);
  'pin'?: (string);
  'followUp'?: (_delivery_v1_FollowUp__Output | null);
  /**
   * Each fleet that gave the task back (refused it, or named no driver in time), oldest first.
   */
  'rejections': (_delivery_v1_FleetRejection__Output)[];
  /**
   * The recipient's rating, once given on the tracking page.
   */
  'rating'?: (_delivery_v1_DeliveryRating__Output | null);
  '_provider'?: "provider";
  '_shipDate'?: "shipDate";
  '_deliveryDate'?: "deliveryDate";
  '_description'?: "description";
  '_cancelledAt'?: "cancelledAt";
  '_reservation'?: "reservation";
  '_dispatch'?: "dispatch";
  '_driver'?: "driver";
  '_trackingToken'?: "trackingToken";
  '_dispatchDecision'?: "dispatchDecision";
  '_requirements'?: "requirements";
  '_pin'?: "pin";
  '_followUp'?: "followUp";
  '_rating'?: "rating";
}
