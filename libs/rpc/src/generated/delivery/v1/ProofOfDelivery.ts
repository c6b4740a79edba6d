// Original file: protos/delivery/v1/order_lifecycle.proto


export interface ProofOfDelivery {
  'recipientName'?: (string);
  'signatureUrl'?: (string);
  'photoUrl'?: (string);
  'note'?: (string);
  /**
   * Given by the fleet at completion, checked and not kept: the recipient's PIN, that an ID was
   * checked, the birth date it shows, the barcodes scanned.
   */
  'pin'?: (string);
  'idChecked'?: (boolean);
  'recipientBirthDate'?: (string);
  'barcodes'?: (string)[];
  /**
   * Kept: the requirements the proof met (DELIVERY_REQUIREMENTS).
   */
  'verified'?: (string)[];
  '_recipientName'?: "recipientName";
  '_signatureUrl'?: "signatureUrl";
  '_photoUrl'?: "photoUrl";
  '_note'?: "note";
  '_pin'?: "pin";
  '_idChecked'?: "idChecked";
  '_recipientBirthDate'?: "recipientBirthDate";
}

export interface ProofOfDelivery__Output {
  'recipientName'?: (string);
  'signatureUrl'?: (string);
  'photoUrl'?: (string);
  'note'?: (string);
  /**
   * Given by the fleet at completion, checked and not kept: the recipient's PIN, that an ID was
   * checked, the birth date it shows, the barcodes scanned.
   */
  'pin'?: (string);
  'idChecked'?: (boolean);
  'recipientBirthDate'?: (string);
  'barcodes': (string)[];
  /**
   * Kept: the requirements the proof met (DELIVERY_REQUIREMENTS).
   */
  'verified': (string)[];
  '_recipientName'?: "recipientName";
  '_signatureUrl'?: "signatureUrl";
  '_photoUrl'?: "photoUrl";
  '_note'?: "note";
  '_pin'?: "pin";
  '_idChecked'?: "idChecked";
  '_recipientBirthDate'?: "recipientBirthDate";
}
