/** What the standalone composition root uses of webhook-dispatcher: its one public entry point. */
export { startWebhookDispatcher } from './start';
export { DEFAULT_WEBHOOK_SETTINGS, webhookDispatcherConfigSchema, webhookSettingsFrom, type WebhookSettings } from './config';
