// Original file: protos/delivery/v1/notifier.proto


export interface DriverSignInCodeReply {
  'sent'?: (boolean);
}

export interface DriverSignInCodeReply__Output {
  'sent': (boolean);
}
