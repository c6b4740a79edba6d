import type {
  DriverSignInCodeRequestMessage,
  ListMessagesRequestMessage,
  PreviewMessageRequestMessage,
  TwilioRequestMessage,
  UnsubscribeRequestMessage,
} from '@delivery/rpc';
import { memberOf, NOTIFICATION_CHANNELS, NOTIFICATION_MOMENTS, DomainError } from '@delivery/contracts';
import { previewMessage, type PreviewDeps } from '../domain/preview-message';
import { sendDriverSignInCode, type DriverSignInCodeDeps } from '../domain/driver-sign-in-code';
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

export const previewMessageHandler = (deps: PreviewDeps) => async (request: PreviewMessageRequestMessage) => {
  const moment = memberOf(NOTIFICATION_MOMENTS, request.moment);
  const channel = memberOf(NOTIFICATION_CHANNELS, request.channel);
  if (!moment || !channel) throw new DomainError('VALIDATION_FAILED', 'Invalid request: an unknown moment or channel');
  const composed = await previewMessage(
    { ...request, moment, channel, taskId: request.taskId || null, language: request.language.toLowerCase() },
    deps,
  );
  return {
    subject: composed.subject ?? undefined,
    text: composed.text,
    html: composed.html ?? undefined,
    segments: composed.segments ?? undefined,
  };
};

export const driverSignInCodeHandler = (deps: DriverSignInCodeDeps) => async (request: DriverSignInCodeRequestMessage) => ({
  sent: await sendDriverSignInCode(request, deps),
});
