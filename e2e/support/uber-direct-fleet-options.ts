/** `add-fleet`'s options for an Uber Direct fleet of the app's credentials, against a fake at `url`. */
export const uberDirectFleetOptions = (url: string, app: { customerId: string; clientId: string; clientSecret: string }) => ({
  name: 'Uber Direct',
  'carrier-codes': 'UBER',
  'fleet-type': '1',
  connector: 'uber-direct',
  'base-url': url,
  'token-url': `${url}/oauth/v2/token`,
  'customer-id': app.customerId,
  'client-id': app.clientId,
  'client-secret': app.clientSecret,
});
