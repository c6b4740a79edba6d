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
