// Original file: protos/delivery/v1/order_lifecycle.proto


export interface Document {
  'documentId'?: (string);
  'documentType'?: (string);
  'formatType'?: (string);
  'contentType'?: (string);
  'content'?: (Buffer | Uint8Array | string);
}

export interface Document__Output {
  'documentId': (string);
  'documentType': (string);
  'formatType': (string);
  'contentType': (string);
  'content': (Buffer);
}
