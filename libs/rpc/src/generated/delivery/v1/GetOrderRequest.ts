// Original file: protos/delivery/v1/order_lifecycle.proto


export interface GetOrderRequest {
  'accountId'?: (string);
  /**
   * A task id (tsk_...) or a shipment id.
   */
  'id'?: (string);
  'includeDocumentContent'?: (boolean);
  /**
   * Asks for the task as events carry it (the notes service stamps its note events with it).
   */
  'includeSnapshot'?: (boolean);
}

export interface GetOrderRequest__Output {
  'accountId': (string);
  /**
   * A task id (tsk_...) or a shipment id.
   */
  'id': (string);
  'includeDocumentContent': (boolean);
  /**
   * Asks for the task as events carry it (the notes service stamps its note events with it).
   */
  'includeSnapshot': (boolean);
}
