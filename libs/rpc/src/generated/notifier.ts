import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { DriverSignInCodeReply as _delivery_v1_DriverSignInCodeReply, DriverSignInCodeReply__Output as _delivery_v1_DriverSignInCodeReply__Output } from './delivery/v1/DriverSignInCodeReply';
import type { DriverSignInCodeRequest as _delivery_v1_DriverSignInCodeRequest, DriverSignInCodeRequest__Output as _delivery_v1_DriverSignInCodeRequest__Output } from './delivery/v1/DriverSignInCodeRequest';
import type { ListMessagesRequest as _delivery_v1_ListMessagesRequest, ListMessagesRequest__Output as _delivery_v1_ListMessagesRequest__Output } from './delivery/v1/ListMessagesRequest';
import type { ListMessagesResponse as _delivery_v1_ListMessagesResponse, ListMessagesResponse__Output as _delivery_v1_ListMessagesResponse__Output } from './delivery/v1/ListMessagesResponse';
import type { MessageChange as _delivery_v1_MessageChange, MessageChange__Output as _delivery_v1_MessageChange__Output } from './delivery/v1/MessageChange';
import type { MessageRecord as _delivery_v1_MessageRecord, MessageRecord__Output as _delivery_v1_MessageRecord__Output } from './delivery/v1/MessageRecord';
import type { NotifierClient as _delivery_v1_NotifierClient, NotifierDefinition as _delivery_v1_NotifierDefinition } from './delivery/v1/Notifier';
import type { PreviewMessageReply as _delivery_v1_PreviewMessageReply, PreviewMessageReply__Output as _delivery_v1_PreviewMessageReply__Output } from './delivery/v1/PreviewMessageReply';
import type { PreviewMessageRequest as _delivery_v1_PreviewMessageRequest, PreviewMessageRequest__Output as _delivery_v1_PreviewMessageRequest__Output } from './delivery/v1/PreviewMessageRequest';
import type { TwilioReply as _delivery_v1_TwilioReply, TwilioReply__Output as _delivery_v1_TwilioReply__Output } from './delivery/v1/TwilioReply';
import type { TwilioRequest as _delivery_v1_TwilioRequest, TwilioRequest__Output as _delivery_v1_TwilioRequest__Output } from './delivery/v1/TwilioRequest';
import type { UnsubscribeReply as _delivery_v1_UnsubscribeReply, UnsubscribeReply__Output as _delivery_v1_UnsubscribeReply__Output } from './delivery/v1/UnsubscribeReply';
import type { UnsubscribeRequest as _delivery_v1_UnsubscribeRequest, UnsubscribeRequest__Output as _delivery_v1_UnsubscribeRequest__Output } from './delivery/v1/UnsubscribeRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  delivery: {
    v1: {
      DriverSignInCodeReply: MessageTypeDefinition<_delivery_v1_DriverSignInCodeReply, _delivery_v1_DriverSignInCodeReply__Output>
      DriverSignInCodeRequest: MessageTypeDefinition<_delivery_v1_DriverSignInCodeRequest, _delivery_v1_DriverSignInCodeRequest__Output>
      ListMessagesRequest: MessageTypeDefinition<_delivery_v1_ListMessagesRequest, _delivery_v1_ListMessagesRequest__Output>
      ListMessagesResponse: MessageTypeDefinition<_delivery_v1_ListMessagesResponse, _delivery_v1_ListMessagesResponse__Output>
      MessageChange: MessageTypeDefinition<_delivery_v1_MessageChange, _delivery_v1_MessageChange__Output>
      MessageRecord: MessageTypeDefinition<_delivery_v1_MessageRecord, _delivery_v1_MessageRecord__Output>
      /**
       * Messages to recipients (SMS through Twilio, e-mail over SMTP) at the moments of their
       * deliveries. Owns the messages and the opt-outs; the gateway passes on what Twilio and
       * recipients send to its public pages, and reads the message log for the console.
       */
      Notifier: SubtypeConstructor<typeof grpc.Client, _delivery_v1_NotifierClient> & { service: _delivery_v1_NotifierDefinition }
      PreviewMessageReply: MessageTypeDefinition<_delivery_v1_PreviewMessageReply, _delivery_v1_PreviewMessageReply__Output>
      PreviewMessageRequest: MessageTypeDefinition<_delivery_v1_PreviewMessageRequest, _delivery_v1_PreviewMessageRequest__Output>
      TwilioReply: MessageTypeDefinition<_delivery_v1_TwilioReply, _delivery_v1_TwilioReply__Output>
      TwilioRequest: MessageTypeDefinition<_delivery_v1_TwilioRequest, _delivery_v1_TwilioRequest__Output>
      UnsubscribeReply: MessageTypeDefinition<_delivery_v1_UnsubscribeReply, _delivery_v1_UnsubscribeReply__Output>
      UnsubscribeRequest: MessageTypeDefinition<_delivery_v1_UnsubscribeRequest, _delivery_v1_UnsubscribeRequest__Output>
    }
  }
}

