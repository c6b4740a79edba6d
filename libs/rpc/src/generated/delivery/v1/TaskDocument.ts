// Original file: protos/delivery/v1/order_lifecycle.proto


export interface TaskDocument {
  'documentId'?: (string);
  'documentType'?: (string);
  'formatType'?: (string);
  /**
   * Filled only when the request asked for document contents.
   */
  'content'?: (Buffer | Uint8Array | string);
  '_content'?: "content";
}

export interface TaskDocument__Output {
  'documentId': (string);
  'documentType': (string);
  'formatType': (string);
  /**
   * Filled only when the request asked for document contents.
   */
  'content'?: (Buffer);
  '_content'?: "content";
}
