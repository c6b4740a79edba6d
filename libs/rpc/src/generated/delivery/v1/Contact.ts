// Original file: protos/delivery/v1/common.proto


export interface Contact {
  'personName'?: (string);
  'phoneNumber'?: (string);
  'email'?: (string);
  '_personName'?: "personName";
  '_phoneNumber'?: "phoneNumber";
  '_email'?: "email";
}

export interface Contact__Output {
  'personName'?: (string);
  'phoneNumber'?: (string);
  'email'?: (string);
  '_personName'?: "personName";
  '_phoneNumber'?: "phoneNumber";
  '_email'?: "email";
}
