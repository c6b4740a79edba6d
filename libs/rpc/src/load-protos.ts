import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { loadSync, type Options } from '@grpc/proto-loader';
import type { ProtoGrpcType as OrderLifecycleProto } from './generated/order_lifecycle';
import type { ProtoGrpcType as QuoteProto } from './generated/quote';
import type { ProtoGrpcType as NotesProto } from './generated/notes';
import type { ProtoGrpcType as WebhookDeliveriesProto } from './generated/webhook_deliveries';
import type { ProtoGrpcType as NotifierProto } from './generated/notifier';

export const PROTO_ROOT = join(__dirname, '..', '..', '..', 'protos');

/**
 * These options must match `npm run protos:generate`, whose types describe what the
 * loader produces: camelCase fields, enums as names, defaults filled, optional fields absent.
 */
export const PROTO_LOADER_OPTIONS: Options = {
  keepCase: false,
  longs: String,
  enums: String,
  defaults: true,
  oneofs: true,
  includeDirs: [PROTO_ROOT],
};

/** Each service's proto file, under PROTO_ROOT. */
export const PROTO_FILES = {
  orderLifecycle: 'delivery/v1/order_lifecycle.proto',
  quote: 'delivery/v1/quote.proto',
  notes: 'delivery/v1/notes.proto',
  webhookDeliveries: 'delivery/v1/webhook_deliveries.proto',
  notifier: 'delivery/v1/notifier.proto',
} as const;

export function loadOrderLifecycleProto(): OrderLifecycleProto {
  const definition = loadSync(PROTO_FILES.orderLifecycle, PROTO_LOADER_OPTIONS);
  return grpc.loadPackageDefinition(definition) as unknown as OrderLifecycleProto;
}

export function loadQuoteProto(): QuoteProto {
  const definition = loadSync(PROTO_FILES.quote, PROTO_LOADER_OPTIONS);
  return grpc.loadPackageDefinition(definition) as unknown as QuoteProto;
}

export function loadNotesProto(): NotesProto {
  const definition = loadSync(PROTO_FILES.notes, PROTO_LOADER_OPTIONS);
  return grpc.loadPackageDefinition(definition) as unknown as NotesProto;
}

export function loadWebhookDeliveriesProto(): WebhookDeliveriesProto {
  const definition = loadSync(PROTO_FILES.webhookDeliveries, PROTO_LOADER_OPTIONS);
  return grpc.loadPackageDefinition(definition) as unknown as WebhookDeliveriesProto;
}

export function loadNotifierProto(): NotifierProto {
  const definition = loadSync(PROTO_FILES.notifier, PROTO_LOADER_OPTIONS);
  return grpc.loadPackageDefinition(definition) as unknown as NotifierProto;
}
