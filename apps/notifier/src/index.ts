/** What the standalone composition root and the system tests use of the notifier: its one public entry point. */
export { startNotifier } from './start';
export { DEFAULT_NOTIFIER_SETTINGS, notifierConfigSchema, notifierSettingsFrom, type NotifierSettings } from './config';
export { EmbeddedMessageRepository } from './adapters/message.embedded-repository';
export { EmbeddedOptOutRepository } from './adapters/opt-out.embedded-repository';
export { RecipientDirectoryGrpcClient } from './adapters/recipient-directory.grpc-client';
