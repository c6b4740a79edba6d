/** What the standalone composition root and the system tests use of webhook-dispatcher: its one public entry point. */
export { startWebhookDispatcher } from './start';
export { DEFAULT_WEBHOOK_SETTINGS, webhookDispatcherConfigSchema, webhookSettingsFrom, type WebhookSettings } from './config';
