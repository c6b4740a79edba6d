// Original file: protos/delivery/v1/order_lifecycle.proto


export interface DeliveryRating {
  'stars'?: (number);
  'comment'?: (string);
  'at'?: (string);
  '_comment'?: "comment";
}

export interface DeliveryRating__Output {
  'stars': (number);
  'comment'?: (string);
  'at': (string);
  '_comment'?: "comment";
}
