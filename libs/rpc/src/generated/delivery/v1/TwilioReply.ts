// Original file: protos/delivery/v1/notifier.proto


export interface TwilioReply {
}

export interface TwilioReply__Output {
}
