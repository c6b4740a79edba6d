import type { AccountBrand, FailedDropoffPolicy, LatenessPolicy, ProofMediaPolicy, RateLimits } from '../account';
import type { AccountUser } from '../account-user';
import type { NotificationSettings } from '../notification-settings';
import { addDriver } from './add-driver';
import { addFleet } from './add-fleet';
import { addServicePlan } from './add-service-plan';
import { addWebhookEndpoint } from './add-webhook-endpoint';
import { changeNotificationSettings } from './change-notification-settings';
import { changeOwnPassword } from './change-own-password';
import { changeUserRole } from './change-user-role';
import { changeWebhookEndpoint, type WebhookEndpointChange } from './change-webhook-endpoint';
import type { ClientAppRef } from './client-app-of';
import { createAccount } from './create-account';
import { createAccountUser } from './create-account-user';
import { createClientApp } from './create-client-app';
import type { FleetSettings } from './fleet-connection';
import { regenerateClientSecret } from './regenerate-client-secret';
import { removeAccountUser } from './remove-account-user';
import { removeClientApp } from './remove-client-app';
import { removeDriver } from './remove-driver';
import { revokeDriverSession } from './revoke-driver-session';
import { startDriverSession } from './start-driver-session';
import { removeFleet } from './remove-fleet';
import { removeServicePlan } from './remove-service-plan';
import { renewOrCreateClientApp } from './renew-or-create-client-app';
import { removeWebhookEndpoint } from './remove-webhook-endpoint';
import { replaceFleet, type FleetChange } from './replace-fleet';
import { replaceServicePlan } from './replace-service-plan';
import { resetUserPassword } from './reset-user-password';
import { rotateWebhookEndpointSecret } from './rotate-webhook-endpoint-secret';
import type { ServicePlanSettings } from './service-plan-settings';
import { setBrand } from './set-brand';
import { setDriverAssignment } from './set-driver-assignment';
import { setFailedDropoffPolicy } from './set-failed-dropoff-policy';
import { setLatenessPolicy } from './set-lateness-policy';
import { setProofMediaPolicy } from './set-proof-media-policy';
import { setRateLimits } from './set-rate-limits';
import type { SettingsDeps } from './settings-deps';
import type { WebhookEndpointRef } from './webhook-endpoint-of';

/**
 * Every change of an account's settings, one use case each (a file of this folder), bound to
 * the store: the console's routes and the admin CLI's commands get this and the store's read
 * half, never its write half (a dependency-cruiser rule), so both surfaces change settings by
 * the same rules.
 */
export function accountSettings(deps: SettingsDeps) {
  return {
    createAccount: (input: { id?: string; name: string }) => createAccount(input, deps),
    setRateLimits: (accountId: string, limits: RateLimits | null) => setRateLimits(accountId, limits, deps),
    setBrand: (accountId: string, brand: AccountBrand | null) => setBrand(accountId, brand, deps),
    setLatenessPolicy: (accountId: string, policy: LatenessPolicy | null) => setLatenessPolicy(accountId, policy, deps),
    setFailedDropoffPolicy: (accountId: string, policy: FailedDropoffPolicy | null) => setFailedDropoffPolicy(accountId, policy, deps),
    setProofMediaPolicy: (accountId: string, policy: ProofMediaPolicy | null) => setProofMediaPolicy(accountId, policy, deps),
    changeNotificationSettings: (accountId: string, change: (current: NotificationSettings) => NotificationSettings) =>
      changeNotificationSettings(accountId, change, deps),

    addServicePlan: (plan: ServicePlanSettings) => addServicePlan(plan, deps),
    replaceServicePlan: (plan: ServicePlanSettings) => replaceServicePlan(plan, deps),
    removeServicePlan: (plan: { accountId: string; carrierCode: string; serviceLevel: string }) => removeServicePlan(plan, deps),

    addFleet: (settings: Omit<FleetSettings, 'id'> & { id?: number }, calls: { dispatchUrl?: string } = {}) =>
      addFleet(settings, calls, deps),
    replaceFleet: (change: FleetChange, calls: { dispatchUrl?: string } = {}) => replaceFleet(change, calls, deps),
    removeFleet: (accountId: string, fleetId: number) => removeFleet(accountId, fleetId, deps),
    addDriver: (input: Parameters<typeof addDriver>[0]) => addDriver(input, deps),
    removeDriver: (ref: Parameters<typeof removeDriver>[0]) => removeDriver(ref, deps),
    setDriverAssignment: (ref: Parameters<typeof setDriverAssignment>[0]) => setDriverAssignment(ref, deps),
    startDriverSession: (driver: Parameters<typeof startDriverSession>[0], userAgent: string) =>
      startDriverSession(driver, userAgent, deps),
    revokeDriverSession: (ref: Parameters<typeof revokeDriverSession>[0]) => revokeDriverSession(ref, deps),
    /** Notes that a driver's device used its session now (the console's "last used"). */
    touchDriverSession: (tokenHash: string) => deps.accounts.touchDriverSession(tokenHash, deps.clock.now().toISOString()),

    addWebhookEndpoint: (input: Parameters<typeof addWebhookEndpoint>[0]) => addWebhookEndpoint(input, deps),
    changeWebhookEndpoint: (ref: WebhookEndpointRef, change: WebhookEndpointChange) => changeWebhookEndpoint(ref, change, deps),
    rotateWebhookEndpointSecret: (ref: WebhookEndpointRef, overlapMs: number) => rotateWebhookEndpointSecret(ref, overlapMs, deps),
    removeWebhookEndpoint: (ref: WebhookEndpointRef) => removeWebhookEndpoint(ref, deps),

    createClientApp: (input: Parameters<typeof createClientApp>[0]) => createClientApp(input, deps),
    renewOrCreateClientApp: (input: Parameters<typeof renewOrCreateClientApp>[0]) => renewOrCreateClientApp(input, deps),
    regenerateClientSecret: (ref: ClientAppRef) => regenerateClientSecret(ref, deps),
    removeClientApp: (ref: ClientAppRef) => removeClientApp(ref, deps),

    createAccountUser: (input: Parameters<typeof createAccountUser>[0]) => createAccountUser(input, deps),
    changeOwnPassword: (user: AccountUser, passwords: { current: string; next: string }) => changeOwnPassword(user, passwords, deps),
    resetUserPassword: (user: AccountUser) => resetUserPassword(user, deps),
    changeUserRole: (user: AccountUser, role: string) => changeUserRole(user, role, deps),
    removeAccountUser: (user: AccountUser) => removeAccountUser(user, deps),
  };
}

export type AccountSettings = ReturnType<typeof accountSettings>;
