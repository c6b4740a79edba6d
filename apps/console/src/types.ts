/** The console API's wire shapes, from their one schema each (libs/contracts/src/http/console.schema.ts); types only, nothing bundled. */
export type {
  ConsoleClientAppView,
  ConsoleSessionView,
  ConsoleUserView,
  ConsoleWebhookEndpointView,
  WebhookDeliveryView,
} from '@delivery/contracts';
export type { ConsoleDeliveryDetailView, ConsoleDeliverySummaryView, NoteView } from '@delivery/contracts';
export type { ConsoleAddedFleetView, ConsoleFleetView, ConsoleServicePlanView } from '@delivery/contracts';
export type { ConsoleMessage as ConsoleMessageView } from '@delivery/contracts';
export type { ConsoleNotificationSettings as ConsoleNotificationSettingsView } from '@delivery/contracts';
export type { ConsolePreview as ConsolePreviewView, ConsoleWording as ConsoleWordingView } from '@delivery/contracts';
export type { ConsoleBrand as ConsoleBrandView } from '@delivery/contracts';
export type { ConsoleDriver as ConsoleDriverView, ConsoleDriverSession as ConsoleDriverSessionView } from '@delivery/contracts';
