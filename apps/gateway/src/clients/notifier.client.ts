import {
  callUnary,
  connectTo,
  loadNotifierProto,
  peerReachable,
  type ListMessagesRequestInput,
  type ListMessagesResponseMessage,
  type PreviewMessageReplyMessage,
  type PreviewMessageRequestInput,
  type NotifierClient,
  type RpcTarget,
  type TwilioRequestInput,
  type UnsubscribeRequestInput,
} from '@delivery/rpc';

/** The gateway's view of the notifier: every call carries a deadline. */
export class NotifierGateway {
  private readonly client: NotifierClient;

  constructor(
    target: RpcTarget,
    private readonly deadlineMs: number,
  ) {
    this.client = connectTo(target, loadNotifierProto().delivery.v1.Notifier);
  }

  listMessages(request: ListMessagesRequestInput) {
    return callUnary<ListMessagesRequestInput, ListMessagesResponseMessage>(
      this.client.listMessages.bind(this.client),
      request,
      this.deadlineMs,
    );
  }

  takeTwilioStatus(request: TwilioRequestInput) {
    return callUnary<TwilioRequestInput, object>(this.client.takeTwilioStatus.bind(this.client), request, this.deadlineMs);
  }

  takeTwilioInbound(request: TwilioRequestInput) {
    return callUnary<TwilioRequestInput, object>(this.client.takeTwilioInbound.bind(this.client), request, this.deadlineMs);
  }

  unsubscribe(request: UnsubscribeRequestInput) {
    return callUnary<UnsubscribeRequestInput, object>(this.client.unsubscribe.bind(this.client), request, this.deadlineMs);
  }

  previewMessage(request: PreviewMessageRequestInput) {
    return callUnary<PreviewMessageRequestInput, PreviewMessageReplyMessage>(
      this.client.previewMessage.bind(this.client),
      request,
      this.deadlineMs,
    );
  }

  /** For readiness metrics: a connection to the service is up. */
  reachable(): Promise<void> {
    return peerReachable(this.client);
  }

  close(): void {
    this.client.close();
  }
}
