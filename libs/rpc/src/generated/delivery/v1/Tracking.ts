// Original file: protos/delivery/v1/order_lifecycle.proto

import type { TaskStatus as _delivery_v1_TaskStatus, TaskStatus__Output as _delivery_v1_TaskStatus__Output } from '../../delivery/v1/TaskStatus';
import type { TimelineEntry as _delivery_v1_TimelineEntry, TimelineEntry__Output as _delivery_v1_TimelineEntry__Output } from '../../delivery/v1/TimelineEntry';
import type { DeliveryRequirements as _delivery_v1_DeliveryRequirements, DeliveryRequirements__Output as _delivery_v1_DeliveryRequirements__Output } from '../../delivery/v1/DeliveryRequirements';
import type { Location as _delivery_v1_Location, Location__Output as _delivery_v1_Location__Output } from '../../delivery/v1/Location';

/**
 * Status, drop-off ETA and the driver's first name: nothing else of the task.
 */
export interface Tracking {
  'status'?: (_delivery_v1_TaskStatus);
  'eta'?: (string);
  'driverFirstName'?: (string);
  'updatedAt'?: (string);
  /**
   * The drop-off window booked (start and end), or only its end: the delivery date.
   */
  'windowStart'?: (string);
  'windowEnd'?: (string);
  /**
   * The IANA zone of the fleet's working hours, to show times as the recipient's clock does; absent, UTC.
   */
  'timeZone'?: (string);
  /**
   * The steps so far a recipient cares for, oldest first (event names, put in words by the page).
   */
  'steps'?: (_delivery_v1_TimelineEntry)[];
  /**
   * Once delivered: who took the parcel, and the driver's photo of it.
   */
  'proofRecipientName'?: (string);
  'proofPhotoUrl'?: (string);
  /**
   * Until it ends: what the drop-off requires of the recipient, and the PIN they give the driver.
   */
  'requirements'?: (_delivery_v1_DeliveryRequirements | null);
  'pin'?: (string);
  /**
   * The retailer, as the page shows it: the account's name, and its brand when it set one.
   */
  'retailerName'?: (string);
  'brandColour'?: (string);
  'brandLogoUrl'?: (string);
  /**
   * For the gateway, never shown: whose task it is, and its drop-off, where the recipient's
   * instructions go as a note while they still can (until the parcel is picked up).
   */
  'accountId'?: (string);
  'taskId'?: (string);
  'dropoffWayPointId'?: (string);
  'instructionsOpen'?: (boolean);
  /**
   * Once delivered, while the page shows its details: whether a rating is taken, and the one given.
   */
  'ratingOpen'?: (boolean);
  'ratingGiven'?: (number);
  /**
   * While the driver is on the way to this drop-off (their last position known): where they
   * are, and where the drop-off is when the caller placed it, for the page's map.
   */
  'driverLocation'?: (_delivery_v1_Location | null);
  'dropoffLat'?: (number | string);
  'dropoffLng'?: (number | string);
  '_eta'?: "eta";
  '_driverFirstName'?: "driverFirstName";
  '_windowStart'?: "windowStart";
  '_windowEnd'?: "windowEnd";
  '_timeZone'?: "timeZone";
  '_proofRecipientName'?: "proofRecipientName";
  '_proofPhotoUrl'?: "proofPhotoUrl";
  '_requirements'?: "requirements";
  '_pin'?: "pin";
  '_brandColour'?: "brandColour";
  '_brandLogoUrl'?: "brandLogoUrl";
  '_dropoffWayPointId'?: "dropoffWayPointId";
  '_ratingGiven'?: "ratingGiven";
  '_driverLocation'?: "driverLocation";
  '_dropoffLat'?: "dropoffLat";
  '_dropoffLng'?: "dropoffLng";
}

/**
 * Status, drop-off ETA and the driver's first name: nothing else of the task.
 */
export interface Tracking__Output {
  'status': (_delivery_v1_TaskStatus__Output);
  'eta'?: (string);
  'driverFirstName'?: (string);
  'updatedAt': (string);
  /**
   * The drop-off window booked (start and end), or only its end: the delivery date.
   */
  'windowStart'?: (string);
  'windowEnd'?: (string);
  /**
   * The IANA zone of the fleet's working hours, to show times as the recipient's clock does; absent, UTC.
   */
  'timeZone'?: (string);
  /**
   * The steps so far a recipient cares for, oldest first (event names, put in words by the page).
   */
  'steps': (_delivery_v1_TimelineEntry__Output)[];
  /**
   * Once delivered: who took the parcel, and the driver's photo of it.
   */
  'proofRecipientName'?: (string);
  'proofPhotoUrl'?: (string);
  /**
   * Until it ends: what the drop-off requires of the recipient, and the PIN they give the driver.
   */
  'requirements'?: (_delivery_v1_DeliveryRequirements__Output | null);
  'pin'?: (string);
  /**
   * The retailer, as the page shows it: the account's name, and its brand when it set one.
   */
  'retailerName': (string);
  'brandColour'?: (string);
  'brandLogoUrl'?: (string);
  /**
   * For the gateway, never shown: whose task it is, and its drop-off, where the recipient's
   * instructions go as a note while they still can (until the parcel is picked up).
   */
  'accountId': (string);
  'taskId': (string);
  'dropoffWayPointId'?: (string);
  'instructionsOpen': (boolean);
  /**
   * Once delivered, while the page shows its details: whether a rating is taken, and the one given.
   */
  'ratingOpen': (boolean);
  'ratingGiven'?: (number);
  /**
   * While the driver is on the way to this drop-off (their last position known): where they
   * are, and where the drop-off is when the caller placed it, for the page's map.
   */
  'driverLocation'?: (_delivery_v1_Location__Output | null);
  'dropoffLat'?: (number);
  'dropoffLng'?: (number);
  '_eta'?: "eta";
  '_driverFirstName'?: "driverFirstName";
  '_windowStart'?: "windowStart";
  '_windowEnd'?: "windowEnd";
  '_timeZone'?: "timeZone";
  '_proofRecipientName'?: "proofRecipientName";
  '_proofPhotoUrl'?: "proofPhotoUrl";
  '_requirements'?: "requirements";
  '_pin'?: "pin";
  '_brandColour'?: "brandColour";
  '_brandLogoUrl'?: "brandLogoUrl";
  '_dropoffWayPointId'?: "dropoffWayPointId";
  '_ratingGiven'?: "ratingGiven";
  '_driverLocation'?: "driverLocation";
  '_dropoffLat'?: "dropoffLat";
  '_dropoffLng'?: "dropoffLng";
}
