import { loadNotifierProto, unaryClient, type NotifierClient, type RpcTarget, type UnaryClient } from '@delivery/rpc';

/** The gateway's view of the notifier: each call passed through with a deadline. */
export type NotifierGateway = UnaryClient<NotifierClient>;

export const notifierGateway = (target: RpcTarget, deadlineMs: number): NotifierGateway =>
  unaryClient(target, loadNotifierProto().delivery.v1.Notifier, deadlineMs);
