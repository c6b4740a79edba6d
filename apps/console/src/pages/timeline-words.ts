/** Each event of a task's timeline as support staff say it; an event added later shows its name until it has words. */
const WORDS: Record<string, string> = {
  OrderCreated: 'Order created',
  OrderCancelled: 'Order cancelled',
  ReservationCreated: 'Slot held',
  ReservationConfirmed: 'Slot confirmed',
  ReservationExpired: 'Hold expired, slot released',
  TaskDispatched: 'Offered to the fleet',
  DispatchAccepted: 'Fleet accepted',
  DispatchRejected: 'Fleet declined',
  DispatchTimedOut: 'Fleet did not answer in time',
  DriverAssigned: 'Driver assigned',
  TaskStarted: 'Driver on the way',
  WayPointArrived: 'Driver arrived',
  WayPointCompleted: 'Stop done',
  WayPointFailed: 'Stop failed',
  TaskDelivered: 'Delivered',
  TaskFailed: 'Delivery failed',
  TaskReturned: 'Parcel returned',
  ReturnStarted: 'Driver bringing the parcel back',
  DropoffRescheduled: 'Drop-off to be tried again',
  TaskLate: 'Running late',
  PinRejected: 'A wrong PIN was given',
  TaskEtaUpdated: 'New arrival time',
};

export const inWords = (event: string) => WORDS[event] ?? event;
