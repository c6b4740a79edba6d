// Original file: protos/delivery/v1/common.proto


export interface Address {
  'streetLines'?: (string)[];
  'city'?: (string);
  'stateOrProvinceCode'?: (string);
  'postalCode'?: (string);
  'countryCode'?: (string);
  '_city'?: "city";
  '_stateOrProvinceCode'?: "stateOrProvinceCode";
  '_postalCode'?: "postalCode";
  '_countryCode'?: "countryCode";
}

export interface Address__Output {
  'streetLines': (string)[];
  'city'?: (string);
  'stateOrProvinceCode'?: (string);
  'postalCode'?: (string);
  'countryCode'?: (string);
  '_city'?: "city";
  '_stateOrProvinceCode'?: "stateOrProvinceCode";
  '_postalCode'?: "postalCode";
  '_countryCode'?: "countryCode";
}
