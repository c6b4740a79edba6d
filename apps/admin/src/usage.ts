/** The options that take no value. */
export const FLAGS = ['json', 'env', 'help', 'replace', 'reuse', 'off'] as const;

/** Every `--option VALUE` the commands read (`--header` may repeat). */
export const OPTION_NAMES = [
  ...['id', 'name', 'account', 'client-id', 'carrier-code', 'service-level', 'carrier-name', 'currency', 'base-charge', 'per-kg-charge'],
  ...['fleet-type', 'external-team-id', 'carrier-codes', 'service-levels', 'connector', 'url', 'timeout-ms', 'base-fee', 'per-kg-fee'],
  ...['per-package-fee', 'declared-value-bp', 'working-hours', 'lead-time-minutes', 'window-minutes', 'transit-minutes'],
  ...['capacity-per-window', 'quote-ttl-minutes', 'events', 'basic-auth', 'bearer', 'endpoint', 'overlap-hours'],
  ...['status', 'since', 'limit', 'reason', 'fleet-id', 'dispatch-url', 'per-app', 'per-account', 'email', 'role', 'cursor'],
  ...['credentials', 'oauth-token-url', 'oauth-client-id', 'oauth-client-secret', 'oauth-scope', 'oauth-username'],
  ...['oauth-password', 'base-url', 'developer-id', 'key-id', 'signing-secret', 'time-zone', 'weekday-hours', 'day-cutoff'],
  ...['blackout-dates', 'windows-offered', 'max-weight-kg', 'max-length-cm', 'service-area', 'service-area-geojson'],
  ...['dispatch-strategy', 'preferred-fleets', 'max-fee', 'allowed-fleets', 'requires', 'minimum-age', 'capabilities'],
  ...['unassigned-before-pickup-minutes', 'pickup-grace-minutes', 'stalled-minutes', 'then', 'max-attempts'],
  ...['token-url', 'customer-id', 'client-id', 'client-secret', 'webhook-signing-key', 'api-key', 'webhook-secret'],
  ...['moments', 'quiet-hours', 'arriving-soon-minutes', 'language', 'country', 'account-sid', 'auth-token', 'api-key-sid'],
  ...['sms-countries', 'sms-per-hour', 'sms-per-day', 'per-recipient-per-day'],
  ...['api-key-secret', 'from', 'messaging-service-sid', 'host', 'port', 'security', 'user', 'password'],
  ...['moment', 'subject', 'text', 'colour', 'logo-url', 'phone', 'driver', 'retention-days', 'keep-location'],
];

export const USAGE = `Usage: npm run admin -- <command> [--option value ...] [--json]

Commands:
  create-account      --name NAME [--id ID]
  list-accounts
  set-rate-limits     --account ID [--per-app N --per-account N]
                      requests a minute for each app and for the whole account (applied within 30 s);
                      without them, back to the gateway's defaults (RATE_LIMIT_APP/ACCOUNT_PER_MINUTE)
  set-lateness        --account ID [--unassigned-before-pickup-minutes 30] [--pickup-grace-minutes 30]
                      [--stalled-minutes 60]   when its deliveries are late (TaskLate, task.late webhooks),
                                                for orders made afterwards; without them, the defaults
  set-failed-dropoff  --account ID [--then return|reattempt|nothing] [--max-attempts 2]
                      after a failed drop-off: the parcel goes back to the pickup (return leg, the
                      default); or is tried again the next day, up to --max-attempts drop-offs, then
                      goes back; or nothing more (the task ends failed)
  set-proof-media     --account ID [--retention-days 180] [--keep-location yes|no]
                      how long its drivers' proof photos and signatures are kept (then deleted by the
                      gateway's sweep), and whether a photo keeps where it was taken; without them, the defaults
  show-notifications  --account ID                      what its recipients are told, and how (secrets hidden)
  set-notifications   --account ID [--moments all|none|dispatched,on_the_way,...] [--quiet-hours 21:00-08:00|off]
                      [--arriving-soon-minutes 10] [--language en] [--country US|none]
                      [--sms-countries FR,BE|none] [--sms-per-hour 500] [--sms-per-day 5000]
                      [--per-recipient-per-day 10]
                      the moments told, quiet hours on the fleet's clock, the language and phone
                      country of recipients whose order names none, the other countries SMS may
                      reach, and the account's message budgets
  set-twilio          --account ID --account-sid AC... --auth-token T (--from +1... | --messaging-service-sid MG...)
                      [--api-key-sid SK... --api-key-secret S] [--base-url URL] | --account ID --off
                      SMS through Twilio; point the number's incoming-message webhook at
                      PUBLIC_BASE_URL/notifications/twilio/ACCOUNT/inbound for STOP and START
  set-template        --account ID --moment M --language L --subject S --text T | ... --off
                      the account's own wording of a moment in a language, in Liquid with the
                      variables of docs/decisions.md ("The wording of messages"); checked when saved
  set-brand           --account ID --colour #rrggbb [--logo-url https://...] | --account ID --off
                      the account's colour and logo on the recipient's tracking page and in e-mails
  set-smtp            --account ID --host H [--port 587] [--security starttls|tls] [--user U --password P]
                      --from "Name <address>" | --account ID --off      e-mail over any SMTP server
  create-app          --account ID --name NAME [--fleet-id N] [--reuse]
                      prints client_id and client_secret (shown once); with --fleet-id, the fleet's own
                      app (role fleet): it calls only the fleet API, on the tasks dispatched to that fleet;
                      with --reuse, an app of that name already there gets a new secret instead of a twin
  regenerate-secret   --client-id ID                    new secret; the old one and its tokens stop working
  list-apps           --account ID                      newest first, with when each was created
  remove-app          --client-id ID                    deletes the app; its tokens stop working at once
  add-service-plan    --account ID --carrier-code CODE --service-level LEVEL
                      [--carrier-name NAME] [--currency USD] [--base-charge 0] [--per-kg-charge 0]
                      [--dispatch-strategy cheapest|fastest|preferred] [--preferred-fleets 2,1]
                      [--max-fee MINOR_UNITS] [--allowed-fleets 1,2]
                                                        how Same-Day dispatch ranks the plan's fleets (the
                                                        ranking is the fallback chain); else by fleet id
                      [--requires signature,photo,pin,id_check,barcode_scan] [--minimum-age 21]
                                                        what every delivery of the plan requires at its drop-off
                      [--replace]                       needed to replace an existing plan for the code and level
  list-service-plans  --account ID
  remove-service-plan --account ID --carrier-code CODE --service-level LEVEL
  add-fleet           --account ID --name NAME --carrier-codes A,B [--id N] [--fleet-type 0|1|2]
                      [--external-team-id T] [--service-levels X,Y]
                      [--service-area "US=10001,112*;FR=75*"]  postal codes it delivers to (* a prefix); else anywhere
                      [--service-area-geojson FILE]     areas on the map (GeoJSON), for drop-offs with coordinates
                      [--capabilities signature,photo,pin,minimum_age,id_check,barcode_scan|none]
                                                        the proof its drivers collect; else all its connector carries
                      [--connector rate-card] [--currency USD] [--base-fee 500] [--per-kg-fee 50]
                      [--per-package-fee 100] [--declared-value-bp 50] [--time-zone UTC]
                      [--working-hours 8-20] [--weekday-hours sat=10-14,sun=closed] [--lead-time-minutes 60]
                      [--day-cutoff DAYS@HOUR] [--blackout-dates 2026-12-25,…] [--window-minutes 120]
                      [--transit-minutes 90] [--capacity-per-window 10] [--windows-offered 4]
                      [--max-weight-kg KG] [--max-length-cm CM] [--quote-ttl-minutes 30]
                      hours, cutoffs and dates are the fleet's local time; a window closes --lead-time-minutes
                      before it starts, and with --day-cutoff 1@18 at 18:00 the day before too
                      | --connector http --url URL [--timeout-ms 1000] [--dispatch-url URL]
                      | --connector doordash --developer-id ID --key-id ID --signing-secret SECRET
                        [--base-url https://openapi.doordash.com] [--timeout-ms 3000]
                      a DoorDash Drive account: quotes from Drive, each dispatch a Drive delivery; prints
                      once the webhook path and Authorization to set in DoorDash's portal
                      | --connector uber-direct --customer-id ID --client-id ID --client-secret SECRET
                        [--webhook-signing-key KEY] [--base-url https://api.uber.com]
                        [--token-url https://auth.uber.com/oauth/v2/token] [--timeout-ms 3000]
                      an Uber Direct account: quotes and deliveries from Uber; prints once the webhook
                      path to set in Uber's dashboard, whose signing key is then given with --replace
                      | --connector onfleet --api-key KEY [--webhook-secret HEX] [--base-url https://onfleet.com]
                        [--timeout-ms 3000] and the rate card's options above
                      the retailer's drivers in its Onfleet organisation: priced by the rate card, each
                      dispatch an Onfleet task; prints once the webhook path to set in Onfleet
                      with --dispatch-url, the fleet is told of its dispatches and cancellations there,
                      signed with a whsec_ secret printed once
                      [--replace]                       needed to replace the fleet of an existing --id; an HTTP
                                                        fleet keeps its dispatch signing secret
  list-fleets         --account ID
  remove-fleet        --account ID --id N               Get Quotes stops asking it; held reservations stay
  add-webhook         --account ID --url https://… [--events order.created,…]
                      [--basic-auth USER:PASSWORD | --bearer TOKEN | --header "NAME: VALUE" … | OAUTH]
                      prints the endpoint's signing secret (whsec_…), once
  list-webhooks       --account ID
  update-webhook      --endpoint ID [--url https://…] [--events order.created,…|all]
                      [--basic-auth USER:PASSWORD | --bearer TOKEN | --header "NAME: VALUE" … | OAUTH | --credentials none]
                      changes only what is given; the signing secrets stay
                      OAUTH: --oauth-token-url https://… --oauth-client-id ID --oauth-client-secret SECRET
                      [--oauth-scope "A B"] [--oauth-username U --oauth-password P]: a token from the receiver's
                      own token URL (client credentials, or the password grant with a user), sent as a bearer token
  rotate-webhook-secret --endpoint ID [--overlap-hours 24]
                      new signing secret (shown once); the old one keeps signing during the overlap
  disable-webhook     --endpoint ID [--reason TEXT]     stops sending; due webhooks fail as sent to a disabled endpoint
  enable-webhook      --endpoint ID                     sends again to a disabled endpoint (by an operator or 410 Gone)
  remove-webhook      --endpoint ID                     deletes the endpoint; its pending webhooks fail
  list-deliveries     [--account ID] [--endpoint ID] [--status pending|delivered|failed|dead]
                      [--since ISO-TIME] [--limit 50]   newest first, with every try
  show-delivery       --id MSG_ID                       one delivery, its tries and its body
  replay-delivery     --id MSG_ID                       sends a failed or dead one again (same webhook-id)
  replay-failed       --endpoint ID --since ISO-TIME    replays every failed or dead one since then
  create-user         --account ID --email EMAIL [--name NAME] [--role owner|admin|viewer]
                      a console user (default owner); prints a password to hand over, once
  list-users          --account ID
  set-user-role       --email EMAIL [--account ID] --role owner|admin|viewer
  reset-password      --email EMAIL [--account ID]      a new password to hand over, printed once; their sessions end
  remove-user         --email EMAIL [--account ID]      deletes the user; their console sessions end at once
  add-driver          --account ID --fleet-id N --name NAME --phone +E164 [--email EMAIL]
                      one of a fleet's own drivers, who signs in on their phone (not a courier network's fleet)
  list-drivers        --account ID --fleet-id N
  remove-driver       --account ID --fleet-id N --driver DRIVER_ID
  generate-secrets-key                                  a new key for SECRETS_KEY (32 random bytes), printed once
  rotate-secrets-key                                    run with the new SECRETS_KEY and the old one in SECRETS_PREVIOUS_KEYS:
                                                        seals every stored secret again with the new key; on embedded
                                                        stores puts the new key in DATA_DIR/secrets.key (if there is one)
                                                        and, with no system running, rewrites the store without the old
                                                        ciphertexts its free pages kept
  list-orders         --account ID [--id ANY_ID] [--status S] [--since ISO-TIME] [--limit 20] [--cursor C]
                      deliveries newest first, or those a task, shipment, fulfillment or order id names
  show-order          --account ID --id TASK_OR_SHIPMENT_ID   one delivery with its timeline and way points
  show-usage          --account ID                      each app's requests, errors and 429s over the last day
  gateway-url                                           where the running system's gateway answers (for scripts)
  processes                                             the running system's processes, one a line: instance (order-lifecycle#2
                                                        for a second replica), pid, operations URL, where it listens

Works on the embedded data under DATA_DIR, or on MongoDB when MONGO_URL is set. Without DATA_DIR:
the data of the shape running from this directory (./data for npm start, ./data-distributed for
npm run start:distributed, said on stderr), else ./data.
Webhook URLs must be https and resolve to public addresses; OUTBOUND_ALLOW_HTTP=true and
OUTBOUND_ALLOW_PRIVATE_NETWORKS=true open that for local development only.
--replace and --reuse are flags. --json prints JSON for scripts; --env prints shell exports of CLIENT_ID and CLIENT_SECRET (create-app, regenerate-secret).
Exit codes: 0 done; 2 the command line cannot be used (unknown command or option, a bad value);
3 what it names does not exist (account, app, endpoint, order); 4 what it would make exists
already; 5 it needs the running system and none answers; 1 anything else.`;
