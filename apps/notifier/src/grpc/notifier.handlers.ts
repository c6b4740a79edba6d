import type { ListMessagesRequestMessage, TwilioRequestMessage, UnsubscribeRequestMessage } from '@delivery/rpc';
import type { MessageRepository } from '../ports/message.repository';
import {
  takeTwilioInbound,
  takeTwilioStatus,
  unsubscribe,
  type RecipientRepliesDeps,
  type TwilioRequest,
} from '../domain/recipient-replies';
import { messageToRecord } from './message.mapper';

export const listMessagesHandler = (messages: MessageRepository) => async (request: ListMessagesRequestMessage) => ({
  messages: (await messages.listByTask(request.accountId, request.taskId)).map(messageToRecord),
});

const twilioRequest = (request: TwilioRequestMessage): TwilioRequest => ({
  accountId: request.accountId,
  url: request.url,
  signature: request.signature,
  params: request.params,
});

export const twilioStatusHandler = (deps: RecipientRepliesDeps) => async (request: TwilioRequestMessage) => {
  await takeTwilioStatus(twilioRequest(request), deps);
  return {};
};

export const twilioInboundHandler = (deps: RecipientRepliesDeps) => async (request: TwilioRequestMessage) => {
  await takeTwilioInbound(twilioRequest(request), deps);
  return {};
};

export const unsubscribeHandler = (deps: RecipientRepliesDeps) => async (request: UnsubscribeRequestMessage) => {
  await unsubscribe(request.token, deps);
  return {};
};
