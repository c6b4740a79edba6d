/**
 * The variables a template may use, each already in the recipient's language and clock
 * (docs/decisions.md, "Telling the recipient"). A template naming another is refused when saved.
 */
export const TEMPLATE_VARIABLES = {
  retailer: 'the account’s name',
  first_name: 'the recipient’s first name (empty when unknown)',
  tracking_link: 'the recipient’s tracking page',
  eta: 'the drop-off’s expected time, e.g. 14:35 (empty when unknown)',
  eta_in_words: 'how soon, e.g. “in about 12 minutes” (empty when unknown)',
  window: 'the booked or rescheduled window, e.g. “Sat 28 Nov, between 14:00 and 16:00” (empty when none)',
  driver: 'the driver’s first name (empty when unknown)',
  photo_link: 'the proof photo, through its expiring link (empty when none)',
  next_step: 'after a failed attempt: reattempt, return or none',
  unsubscribe_link: 'e-mail only: the one-click unsubscribe page',
} as const;
export type TemplateVariable = keyof typeof TEMPLATE_VARIABLES;
export type TemplateContext = Record<TemplateVariable, string>;

/**
 * Every variable as long as a real message's (a tracking link's token, a window in words):
 * a wording is checked by rendering it with these, so one that would pass its bounds only
 * with short values is refused when saved rather than failing when sent.
 */
export const SAMPLE_CONTEXT: TemplateContext = {
  retailer: 'Acme Home & Garden Supplies',
  first_name: 'Alexandra',
  tracking_link: 'https://deliveries.example.com/track/trk_0123456789abcdefghijklmnopqrstuv',
  eta: '14:35',
  eta_in_words: 'in about 12 minutes',
  window: 'Sat 28 Nov, between 14:00 and 16:00',
  driver: 'Maximilian',
  photo_link: 'https://deliveries.example.com/photos/pho_0123456789abcdefghijklmnopqrstuv?expires=1795341600&sig=0123456789abcdef',
  next_step: 'reattempt',
  unsubscribe_link: 'https://deliveries.example.com/unsubscribe/acc_0123456789/0123456789abcdefghijklmnopqrstuvwxyz0123456789',
};
