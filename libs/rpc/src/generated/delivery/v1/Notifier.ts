// Original file: protos/delivery/v1/notifier.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { DriverSignInCodeReply as _delivery_v1_DriverSignInCodeReply, DriverSignInCodeReply__Output as _delivery_v1_DriverSignInCodeReply__Output } from '../../delivery/v1/DriverSignInCodeReply';
import type { DriverSignInCodeRequest as _delivery_v1_DriverSignInCodeRequest, DriverSignInCodeRequest__Output as _delivery_v1_DriverSignInCodeRequest__Output } from '../../delivery/v1/DriverSignInCodeRequest';
import type { ListMessagesRequest as _delivery_v1_ListMessagesRequest, ListMessagesRequest__Output as _delivery_v1_ListMessagesRequest__Output } from '../../delivery/v1/ListMessagesRequest';
import type { ListMessagesResponse as _delivery_v1_ListMessagesResponse, ListMessagesResponse__Output as _delivery_v1_ListMessagesResponse__Output } from '../../delivery/v1/ListMessagesResponse';
import type { PreviewMessageReply as _delivery_v1_PreviewMessageReply, PreviewMessageReply__Output as _delivery_v1_PreviewMessageReply__Output } from '../../delivery/v1/PreviewMessageReply';
import type { PreviewMessageRequest as _delivery_v1_PreviewMessageRequest, PreviewMessageRequest__Output as _delivery_v1_PreviewMessageRequest__Output } from '../../delivery/v1/PreviewMessageRequest';
import type { TwilioReply as _delivery_v1_TwilioReply, TwilioReply__Output as _delivery_v1_TwilioReply__Output } from '../../delivery/v1/TwilioReply';
import type { TwilioRequest as _delivery_v1_TwilioRequest, TwilioRequest__Output as _delivery_v1_TwilioRequest__Output } from '../../delivery/v1/TwilioRequest';
import type { UnsubscribeReply as _delivery_v1_UnsubscribeReply, UnsubscribeReply__Output as _delivery_v1_UnsubscribeReply__Output } from '../../delivery/v1/UnsubscribeReply';
import type { UnsubscribeRequest as _delivery_v1_UnsubscribeRequest, UnsubscribeRequest__Output as _delivery_v1_UnsubscribeRequest__Output } from '../../delivery/v1/UnsubscribeRequest';

/**
 * Messages to recipients (SMS through Twilio, e-mail over SMTP) at the moments of their
 * deliveries. Owns the messages and the opt-outs; the gateway passes on what Twilio and
 * recipients send to its public pages, and reads the message log for the console.
 */
export interface NotifierClient extends grpc.Client {
  /**
   * The account's messages about a task, oldest first (the console's delivery page).
   */
  ListMessages(argument: _delivery_v1_ListMessagesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListMessagesResponse__Output>): grpc.ClientUnaryCall;
  ListMessages(argument: _delivery_v1_ListMessagesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ListMessagesResponse__Output>): grpc.ClientUnaryCall;
  ListMessages(argument: _delivery_v1_ListMessagesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListMessagesResponse__Output>): grpc.ClientUnaryCall;
  ListMessages(argument: _delivery_v1_ListMessagesRequest, callback: grpc.requestCallback<_delivery_v1_ListMessagesResponse__Output>): grpc.ClientUnaryCall;
  /**
   * The account's messages about a task, oldest first (the console's delivery page).
   */
  listMessages(argument: _delivery_v1_ListMessagesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListMessagesResponse__Output>): grpc.ClientUnaryCall;
  listMessages(argument: _delivery_v1_ListMessagesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_ListMessagesResponse__Output>): grpc.ClientUnaryCall;
  listMessages(argument: _delivery_v1_ListMessagesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_ListMessagesResponse__Output>): grpc.ClientUnaryCall;
  listMessages(argument: _delivery_v1_ListMessagesRequest, callback: grpc.requestCallback<_delivery_v1_ListMessagesResponse__Output>): grpc.ClientUnaryCall;
  
  /**
   * A wording rendered as it would go out, for one of the account's deliveries or a sample one;
   * a wording that is not valid Liquid, or names an unknown variable, is refused naming it.
   */
  PreviewMessage(argument: _delivery_v1_PreviewMessageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_PreviewMessageReply__Output>): grpc.ClientUnaryCall;
  PreviewMessage(argument: _delivery_v1_PreviewMessageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_PreviewMessageReply__Output>): grpc.ClientUnaryCall;
  PreviewMessage(argument: _delivery_v1_PreviewMessageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_PreviewMessageReply__Output>): grpc.ClientUnaryCall;
  PreviewMessage(argument: _delivery_v1_PreviewMessageRequest, callback: grpc.requestCallback<_delivery_v1_PreviewMessageReply__Output>): grpc.ClientUnaryCall;
  /**
   * A wording rendered as it would go out, for one of the account's deliveries or a sample one;
   * a wording that is not valid Liquid, or names an unknown variable, is refused naming it.
   */
  previewMessage(argument: _delivery_v1_PreviewMessageRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_PreviewMessageReply__Output>): grpc.ClientUnaryCall;
  previewMessage(argument: _delivery_v1_PreviewMessageRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_PreviewMessageReply__Output>): grpc.ClientUnaryCall;
  previewMessage(argument: _delivery_v1_PreviewMessageRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_PreviewMessageReply__Output>): grpc.ClientUnaryCall;
  previewMessage(argument: _delivery_v1_PreviewMessageRequest, callback: grpc.requestCallback<_delivery_v1_PreviewMessageReply__Output>): grpc.ClientUnaryCall;
  
  /**
   * A driver's one-time sign-in code, by SMS through the account's message channel. Kept in
   * no message record (it is a secret); sent false when the account has no SMS channel or
   * Twilio did not take it, and the dispatcher gives the driver a code instead.
   */
  SendDriverSignInCode(argument: _delivery_v1_DriverSignInCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DriverSignInCodeReply__Output>): grpc.ClientUnaryCall;
  SendDriverSignInCode(argument: _delivery_v1_DriverSignInCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_DriverSignInCodeReply__Output>): grpc.ClientUnaryCall;
  SendDriverSignInCode(argument: _delivery_v1_DriverSignInCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DriverSignInCodeReply__Output>): grpc.ClientUnaryCall;
  SendDriverSignInCode(argument: _delivery_v1_DriverSignInCodeRequest, callback: grpc.requestCallback<_delivery_v1_DriverSignInCodeReply__Output>): grpc.ClientUnaryCall;
  /**
   * A driver's one-time sign-in code, by SMS through the account's message channel. Kept in
   * no message record (it is a secret); sent false when the account has no SMS channel or
   * Twilio did not take it, and the dispatcher gives the driver a code instead.
   */
  sendDriverSignInCode(argument: _delivery_v1_DriverSignInCodeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DriverSignInCodeReply__Output>): grpc.ClientUnaryCall;
  sendDriverSignInCode(argument: _delivery_v1_DriverSignInCodeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_DriverSignInCodeReply__Output>): grpc.ClientUnaryCall;
  sendDriverSignInCode(argument: _delivery_v1_DriverSignInCodeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_DriverSignInCodeReply__Output>): grpc.ClientUnaryCall;
  sendDriverSignInCode(argument: _delivery_v1_DriverSignInCodeRequest, callback: grpc.requestCallback<_delivery_v1_DriverSignInCodeReply__Output>): grpc.ClientUnaryCall;
  
  /**
   * Twilio's incoming-message webhook: STOP and START replies; refused unless signed by Twilio for the account.
   */
  TakeTwilioInbound(argument: _delivery_v1_TwilioRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  TakeTwilioInbound(argument: _delivery_v1_TwilioRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  TakeTwilioInbound(argument: _delivery_v1_TwilioRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  TakeTwilioInbound(argument: _delivery_v1_TwilioRequest, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  /**
   * Twilio's incoming-message webhook: STOP and START replies; refused unless signed by Twilio for the account.
   */
  takeTwilioInbound(argument: _delivery_v1_TwilioRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  takeTwilioInbound(argument: _delivery_v1_TwilioRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  takeTwilioInbound(argument: _delivery_v1_TwilioRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  takeTwilioInbound(argument: _delivery_v1_TwilioRequest, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  
  /**
   * Twilio's status callback of a message we sent; refused unless signed by Twilio for the account.
   */
  TakeTwilioStatus(argument: _delivery_v1_TwilioRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  TakeTwilioStatus(argument: _delivery_v1_TwilioRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  TakeTwilioStatus(argument: _delivery_v1_TwilioRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  TakeTwilioStatus(argument: _delivery_v1_TwilioRequest, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  /**
   * Twilio's status callback of a message we sent; refused unless signed by Twilio for the account.
   */
  takeTwilioStatus(argument: _delivery_v1_TwilioRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  takeTwilioStatus(argument: _delivery_v1_TwilioRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  takeTwilioStatus(argument: _delivery_v1_TwilioRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  takeTwilioStatus(argument: _delivery_v1_TwilioRequest, callback: grpc.requestCallback<_delivery_v1_TwilioReply__Output>): grpc.ClientUnaryCall;
  
  /**
   * The one-click unsubscribe of an e-mail's link (RFC 8058).
   */
  Unsubscribe(argument: _delivery_v1_UnsubscribeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_UnsubscribeReply__Output>): grpc.ClientUnaryCall;
  Unsubscribe(argument: _delivery_v1_UnsubscribeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_UnsubscribeReply__Output>): grpc.ClientUnaryCall;
  Unsubscribe(argument: _delivery_v1_UnsubscribeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_UnsubscribeReply__Output>): grpc.ClientUnaryCall;
  Unsubscribe(argument: _delivery_v1_UnsubscribeRequest, callback: grpc.requestCallback<_delivery_v1_UnsubscribeReply__Output>): grpc.ClientUnaryCall;
  /**
   * The one-click unsubscribe of an e-mail's link (RFC 8058).
   */
  unsubscribe(argument: _delivery_v1_UnsubscribeRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_UnsubscribeReply__Output>): grpc.ClientUnaryCall;
  unsubscribe(argument: _delivery_v1_UnsubscribeRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_delivery_v1_UnsubscribeReply__Output>): grpc.ClientUnaryCall;
  unsubscribe(argument: _delivery_v1_UnsubscribeRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_delivery_v1_UnsubscribeReply__Output>): grpc.ClientUnaryCall;
  unsubscribe(argument: _delivery_v1_UnsubscribeRequest, callback: grpc.requestCallback<_delivery_v1_UnsubscribeReply__Output>): grpc.ClientUnaryCall;
  
}

/**
 * Messages to recipients (SMS through Twilio, e-mail over SMTP) at the moments of their
 * deliveries. Owns the messages and the opt-outs; the gateway passes on what Twilio and
 * recipients send to its public pages, and reads the message log for the console.
 */
export interface NotifierHandlers extends grpc.UntypedServiceImplementation {
  /**
   * The account's messages about a task, oldest first (the console's delivery page).
   */
  ListMessages: grpc.handleUnaryCall<_delivery_v1_ListMessagesRequest__Output, _delivery_v1_ListMessagesResponse>;
  
  /**
   * A wording rendered as it would go out, for one of the account's deliveries or a sample one;
   * a wording that is not valid Liquid, or names an unknown variable, is refused naming it.
   */
  PreviewMessage: grpc.handleUnaryCall<_delivery_v1_PreviewMessageRequest__Output, _delivery_v1_PreviewMessageReply>;
  
  /**
   * A driver's one-time sign-in code, by SMS through the account's message channel. Kept in
   * no message record (it is a secret); sent false when the account has no SMS channel or
   * Twilio did not take it, and the dispatcher gives the driver a code instead.
   */
  SendDriverSignInCode: grpc.handleUnaryCall<_delivery_v1_DriverSignInCodeRequest__Output, _delivery_v1_DriverSignInCodeReply>;
  
  /**
   * Twilio's incoming-message webhook: STOP and START replies; refused unless signed by Twilio for the account.
   */
  TakeTwilioInbound: grpc.handleUnaryCall<_delivery_v1_TwilioRequest__Output, _delivery_v1_TwilioReply>;
  
  /**
   * Twilio's status callback of a message we sent; refused unless signed by Twilio for the account.
   */
  TakeTwilioStatus: grpc.handleUnaryCall<_delivery_v1_TwilioRequest__Output, _delivery_v1_TwilioReply>;
  
  /**
   * The one-click unsubscribe of an e-mail's link (RFC 8058).
   */
  Unsubscribe: grpc.handleUnaryCall<_delivery_v1_UnsubscribeRequest__Output, _delivery_v1_UnsubscribeReply>;
  
}

export interface NotifierDefinition extends grpc.ServiceDefinition {
  ListMessages: MethodDefinition<_delivery_v1_ListMessagesRequest, _delivery_v1_ListMessagesResponse, _delivery_v1_ListMessagesRequest__Output, _delivery_v1_ListMessagesResponse__Output>
  PreviewMessage: MethodDefinition<_delivery_v1_PreviewMessageRequest, _delivery_v1_PreviewMessageReply, _delivery_v1_PreviewMessageRequest__Output, _delivery_v1_PreviewMessageReply__Output>
  SendDriverSignInCode: MethodDefinition<_delivery_v1_DriverSignInCodeRequest, _delivery_v1_DriverSignInCodeReply, _delivery_v1_DriverSignInCodeRequest__Output, _delivery_v1_DriverSignInCodeReply__Output>
  TakeTwilioInbound: MethodDefinition<_delivery_v1_TwilioRequest, _delivery_v1_TwilioReply, _delivery_v1_TwilioRequest__Output, _delivery_v1_TwilioReply__Output>
  TakeTwilioStatus: MethodDefinition<_delivery_v1_TwilioRequest, _delivery_v1_TwilioReply, _delivery_v1_TwilioRequest__Output, _delivery_v1_TwilioReply__Output>
  Unsubscribe: MethodDefinition<_delivery_v1_UnsubscribeRequest, _delivery_v1_UnsubscribeReply, _delivery_v1_UnsubscribeRequest__Output, _delivery_v1_UnsubscribeReply__Output>
}
