// Original file: protos/delivery/v1/order_lifecycle.proto


export interface DriverDetails {
  'name'?: (string);
  'phone'?: (string);
  'vehicle'?: (string);
  /**
   * ASSIGN_DRIVER from the driver app: the driver taking the task, refused while another driver of the app holds it.
   */
  'driverId'?: (string);
  /**
   * ASSIGN_DRIVER by the dispatcher (the console): the driver is named whoever held the task.
   */
  'byDispatcher'?: (boolean);
  '_phone'?: "phone";
  '_vehicle'?: "vehicle";
  '_driverId'?: "driverId";
  '_byDispatcher'?: "byDispatcher";
}

export interface DriverDetails__Output {
  'name': (string);
  'phone'?: (string);
  'vehicle'?: (string);
  /**
   * ASSIGN_DRIVER from the driver app: the driver taking the task, refused while another driver of the app holds it.
   */
  'driverId'?: (string);
  /**
   * ASSIGN_DRIVER by the dispatcher (the console): the driver is named whoever held the task.
   */
  'byDispatcher'?: (boolean);
  '_phone'?: "phone";
  '_vehicle'?: "vehicle";
  '_driverId'?: "driverId";
  '_byDispatcher'?: "byDispatcher";
}
