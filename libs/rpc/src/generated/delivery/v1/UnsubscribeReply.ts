// Original file: protos/delivery/v1/notifier.proto


export interface UnsubscribeReply {
}

export interface UnsubscribeReply__Output {
}
