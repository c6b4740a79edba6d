// Original file: protos/delivery/v1/order_lifecycle.proto


export interface ProofOfDelivery {
  'recipientName'?: (string);
  'signatureUrl'?: (string);
  'photoUrl'?: (string);
  'note'?: (string);
  '_recipientName'?: "recipientName";
  '_signatureUrl'?: "signatureUrl";
  '_photoUrl'?: "photoUrl";
  '_note'?: "note";
}

export interface ProofOfDelivery__Output {
  'recipientName'?: (string);
  'signatureUrl'?: (string);
  'photoUrl'?: (string);
  'note'?: (string);
  '_recipientName'?: "recipientName";
  '_signatureUrl'?: "signatureUrl";
  '_photoUrl'?: "photoUrl";
  '_note'?: "note";
}
