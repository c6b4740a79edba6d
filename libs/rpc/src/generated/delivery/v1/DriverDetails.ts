// Original file: protos/delivery/v1/order_lifecycle.proto


export interface DriverDetails {
  'name'?: (string);
  'phone'?: (string);
  'vehicle'?: (string);
  /**
   * ASSIGN_DRIVER from the driver app: the driver taking the task, refused while another driver of the app holds it.
   */
  'driverId'?: (string);
  '_phone'?: "phone";
  '_vehicle'?: "vehicle";
  '_driverId'?: "driverId";
}

export interface DriverDetails__Output {
  'name': (string);
  'phone'?: (string);
  'vehicle'?: (string);
  /**
   * ASSIGN_DRIVER from the driver app: the driver taking the task, refused while another driver of the app holds it.
   */
  'driverId'?: (string);
  '_phone'?: "phone";
  '_vehicle'?: "vehicle";
  '_driverId'?: "driverId";
}
