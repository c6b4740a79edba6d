import type { TimeWindow } from '@delivery/contracts';
import type { MessageFacts } from '../message';
import type { TemplateContext } from '@delivery/wording';

export interface ContextInput {
  facts: MessageFacts;
  language: string;
  timeZone: string;
  retailer: string;
  firstName: string | null;
  trackingLink: string;
  unsubscribeLink: string;
  now: number;
}

/** An Intl locale for a language tag, English when the runtime knows none. */
const localeOf = (language: string) => (Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0 ? language : 'en');

function clockTime(iso: string, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(Date.parse(iso));
}

function windowInWords(window: TimeWindow, locale: string, timeZone: string): string {
  const format = new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  return format.formatRange(Date.parse(window.startTime), Date.parse(window.endTime));
}

/** "in 12 minutes" in the recipient's language, rounded to the minute (an hour and more in hours). */
function soonInWords(eta: string, now: number, locale: string): string {
  const minutes = Math.max(1, Math.round((Date.parse(eta) - now) / 60_000));
  const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  return minutes < 90 ? relative.format(minutes, 'minute') : relative.format(Math.round(minutes / 60), 'hour');
}

/** The variables of a message's templates, each in the recipient's language and on their clock. */
export function templateContext(input: ContextInput): TemplateContext {
  const locale = localeOf(input.language);
  const { facts } = input;
  return {
    retailer: input.retailer,
    first_name: input.firstName ?? '',
    tracking_link: input.trackingLink,
    eta: facts.eta ? clockTime(facts.eta, locale, input.timeZone) : '',
    eta_in_words: facts.eta ? soonInWords(facts.eta, input.now, locale) : '',
    window: facts.window ? windowInWords(facts.window, locale, input.timeZone) : '',
    driver: facts.driverFirstName ?? '',
    photo_link: facts.photoUrl ?? '',
    next_step: facts.nextStep ?? 'none',
    unsubscribe_link: input.unsubscribeLink,
  };
}
