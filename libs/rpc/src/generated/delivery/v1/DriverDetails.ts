// Original file: protos/delivery/v1/order_lifecycle.proto


export interface DriverDetails {
  'name'?: (string);
  'phone'?: (string);
  'vehicle'?: (string);
  '_phone'?: "phone";
  '_vehicle'?: "vehicle";
}

export interface DriverDetails__Output {
  'name': (string);
  'phone'?: (string);
  'vehicle'?: (string);
  '_phone'?: "phone";
  '_vehicle'?: "vehicle";
}
