/**
 * The accounts store's write half, for compositions (each app's start, the admin CLI's
 * main.ts) and the account-settings use cases: routes and commands read through
 * AccountReader and change settings through accountSettings (a dependency-cruiser rule).
 */
export * from './account.repository';
export * from './sealed-account.repository';
export * from './reseal-secrets';
