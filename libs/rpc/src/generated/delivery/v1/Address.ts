// Original file: protos/delivery/v1/common.proto


export interface Address {
  'streetLines'?: (string)[];
  'city'?: (string);
  'stateOrProvinceCode'?: (string);
  'postalCode'?: (string);
  'countryCode'?: (string);
  /**
   * Where the address is, when the caller gives it (WGS 84 degrees): both or neither.
   */
  'latitude'?: (number | string);
  'longitude'?: (number | string);
  '_city'?: "city";
  '_stateOrProvinceCode'?: "stateOrProvinceCode";
  '_postalCode'?: "postalCode";
  '_countryCode'?: "countryCode";
  '_latitude'?: "latitude";
  '_longitude'?: "longitude";
}

export interface Address__Output {
  'streetLines': (string)[];
  'city'?: (string);
  'stateOrProvinceCode'?: (string);
  'postalCode'?: (string);
  'countryCode'?: (string);
  /**
   * Where the address is, when the caller gives it (WGS 84 degrees): both or neither.
   */
  'latitude'?: (number);
  'longitude'?: (number);
  '_city'?: "city";
  '_stateOrProvinceCode'?: "stateOrProvinceCode";
  '_postalCode'?: "postalCode";
  '_countryCode'?: "countryCode";
  '_latitude'?: "latitude";
  '_longitude'?: "longitude";
}
