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

/** Formatters kept by locale and zone: making one costs far more than formatting with it. Bounded, as both come from settings. */
const FORMATTERS_KEPT = 1_000;
const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | string>();
function kept<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | string>(key: string, make: () => T): T {
  let made = formatters.get(key) as T | undefined;
  if (made === undefined) {
    if (formatters.size >= FORMATTERS_KEPT) formatters.clear();
    made = make();
    formatters.set(key, made);
  }
  return made;
}

/** An Intl locale for a language tag, English when the runtime knows none. */
const localeOf = (language: string) =>
  kept(`locale\n${language}`, () => (Intl.DateTimeFormat.supportedLocalesOf([language]).length > 0 ? language : 'en'));

function clockTime(iso: string, locale: string, timeZone: string): string {
  const format = kept(
    `clock\n${locale}\n${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }),
  );
  return format.format(Date.parse(iso));
}

function windowInWords(window: TimeWindow, locale: string, timeZone: string): string {
  const format = kept(
    `window\n${locale}\n${timeZone}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        timeZone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
      }),
  );
  return format.formatRange(Date.parse(window.startTime), Date.parse(window.endTime));
}

/** "in 12 minutes" in the recipient's language, rounded to the minute (an hour and more in hours). */
function soonInWords(eta: string, now: number, locale: string): string {
  const minutes = Math.max(1, Math.round((Date.parse(eta) - now) / 60_000));
  const relative = kept(`relative\n${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
  return minutes < 90 ? relative.format(minutes, 'minute') : relative.format(Math.round(minutes / 60), 'hour');
}

/** A value made the first time it is read, then kept. */
function once(make: () => string): () => string {
  let value: string | undefined;
  return () => (value ??= make());
}

/**
 * The variables of a message's templates, each in the recipient's language and on their
 * clock. The times are worded only when a template reads them: formatting a range of dates
 * is most of a message's rendering, and most moments' wording never shows it.
 */
export function templateContext(input: ContextInput): TemplateContext {
  const locale = localeOf(input.language);
  const { facts } = input;
  const eta = once(() => (facts.eta ? clockTime(facts.eta, locale, input.timeZone) : ''));
  const etaInWords = once(() => (facts.eta ? soonInWords(facts.eta, input.now, locale) : ''));
  const window = once(() => (facts.window ? windowInWords(facts.window, locale, input.timeZone) : ''));
  return {
    retailer: input.retailer,
    first_name: input.firstName ?? '',
    tracking_link: input.trackingLink,
    get eta() {
      return eta();
    },
    get eta_in_words() {
      return etaInWords();
    },
    get window() {
      return window();
    },
    driver: facts.driverFirstName ?? '',
    photo_link: facts.photoUrl ?? '',
    next_step: facts.nextStep ?? 'none',
    unsubscribe_link: input.unsubscribeLink,
  };
}
