// Original file: protos/delivery/v1/order_lifecycle.proto


export interface GetDocumentRequest {
  'accountId'?: (string);
  'taskId'?: (string);
  'documentId'?: (string);
}

export interface GetDocumentRequest__Output {
  'accountId': (string);
  'taskId': (string);
  'documentId': (string);
}
