// Original file: protos/delivery/v1/common.proto


export interface Dimensions {
  'length'?: (number | string);
  'width'?: (number | string);
  'height'?: (number | string);
  'units'?: (string);
}

export interface Dimensions__Output {
  'length': (number);
  'width': (number);
  'height': (number);
  'units': (string);
}
