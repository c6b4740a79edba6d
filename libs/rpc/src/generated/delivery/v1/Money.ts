// Original file: protos/delivery/v1/common.proto


export interface Money {
  'amount'?: (number | string);
  'currency'?: (string);
}

export interface Money__Output {
  'amount': (number);
  'currency': (string);
}
