// Original file: protos/delivery/v1/quote.proto


export interface QuotePackage {
  'contentDescription'?: (string);
  'weightKg'?: (number | string);
  '_contentDescription'?: "contentDescription";
}

export interface QuotePackage__Output {
  'contentDescription'?: (string);
  'weightKg': (number);
  '_contentDescription'?: "contentDescription";
}
