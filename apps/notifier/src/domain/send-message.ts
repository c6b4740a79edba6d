import type { Account, NotificationSettings } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import type { EventEnvelope } from '@delivery/contracts';
import type { MessageRepository, Settled, Settlement } from '../ports/message.repository';
import type { EmailSender, SendOutcome, SmsSender } from '../ports/message-senders';
import type { OptOutRepository } from '../ports/opt-out.repository';
import type { RecipientDirectory } from '../ports/recipient-directory';
import type { AddressHasher } from './address-hash';
import type { Message, NewMessage, SentMessage } from './message';
import { settlementEvent } from './notification-events';
import { NO_SMS_CODES, rememberNoSms } from './no-sms-number';
import { BUDGET_WORDS, spendBudget, type BudgetCounters, type SpentBudget } from './message-budgets';
import { quietHoursEnd } from './quiet-hours';
import { addressOf, maskAddress } from './recipient-address';
import { GIVE_UP_AFTER_MS, nextTryAt } from './retry-schedule';
import { smsCountriesOf, smsDestinationProblem } from './sms-destination';
import { composeMessage, DEFAULT_BRAND_COLOUR, type ComposedMessage } from './wording/compose-message';
import { templateContext } from './wording/template-context';
import { TemplateProblem, wordingFor } from '@delivery/wording';

export interface SendMessageDeps {
  messages: MessageRepository;
  optOuts: OptOutRepository;
  recipients: RecipientDirectory;
  /** The account (its name, its notification settings opened); null when it no longer exists. */
  accountOf: (accountId: string) => Promise<Account | null>;
  /** The IANA zone of a fleet's working hours; null when it has none (UTC is used). */
  timeZoneOf: (accountId: string, fleetId: number | null) => Promise<string | null>;
  sms: SmsSender;
  email: EmailSender;
  hasher: AddressHasher;
  links: {
    tracking: (token: string | null) => string;
    unsubscribe: (accountId: string, hash: string) => string;
    /** Where Twilio reports a message's status; null sends none (no public address configured). */
    twilioStatus: (accountId: string) => string | null;
  };
  clock: Clock;
  /** The account budgets' counters, shared by every replica. */
  budgets: BudgetCounters;
  /** Told of each message skipped over a budget (a metric). */
  overBudget?: (channel: Message['channel'], budget: SpentBudget) => void;
}

/** What a message comes to before any provider is asked: settled (skipped, or kept unsent), or ready to go out. */
type Prepared =
  | { outcome: 'settle'; settlement: Omit<Settlement, 'at'>; language: string }
  | {
      outcome: 'send';
      settings: NotificationSettings;
      address: string;
      addressHash: string;
      composed: ComposedMessage;
      sent: SentMessage;
      unsubscribeUrl: string;
      timeZone: string;
      language: string;
    };

/**
 * The checks every message goes through, in order, and its rendering: a passed moment, an
 * account that stopped telling it, a recipient without a usable address or who opted out,
 * are `skipped`, as is an SMS to a number of a type or country it may not reach; a wording
 * that passes its bounds with this message's facts is `failed`; with no provider for its
 * channel it is rendered and kept, `not_sent`.
 * A store or peer that cannot be read throws.
 */
async function prepare(message: NewMessage, now: Date, deps: SendMessageDeps): Promise<Prepared> {
  const account = await deps.accountOf(message.accountId);
  const settings = account?.notifications;
  const language = message.facts.language ?? settings?.defaultLanguage ?? 'en';
  const skip = (detail: string): Prepared => ({ outcome: 'settle', settlement: { status: 'skipped', detail }, language });
  if (message.expiresAt !== null && now.getTime() >= message.expiresAt) return skip('its moment passed');
  if (!account || !settings || !settings.moments[message.moment]) {
    return skip(account ? 'the account no longer tells this moment' : 'the account no longer exists');
  }
  const recipient = await deps.recipients.find(message.accountId, message.taskId);
  if (!recipient) return skip('the task no longer exists');
  const address = addressOf(message.channel, recipient, settings.defaultCountry);
  if (!address.ok) return skip(address.reason);
  if (message.channel === 'sms') {
    const allowed = smsCountriesOf(settings.defaultCountry, settings.smsCountries, recipient.countryCode);
    const problem = smsDestinationProblem(address.address, allowed);
    if (problem) return skip(problem);
  }
  const hashes = deps.hasher.hashes(message.accountId, message.channel, address.address);
  if (await deps.optOuts.has(message.accountId, message.channel, hashes)) return skip('the recipient opted out');
  const timeZone = (await deps.timeZoneOf(message.accountId, message.facts.fleetId)) ?? 'UTC';
  const { wording, language: wordingLanguage } = wordingFor(message.moment, language, settings.defaultLanguage, settings.templates);
  const context = templateContext({
    facts: message.facts,
    language: wordingLanguage,
    timeZone,
    retailer: account.name,
    firstName: recipient.personName?.trim().split(/\s+/)[0] || null,
    trackingLink: deps.links.tracking(message.facts.trackingToken),
    unsubscribeLink: deps.links.unsubscribe(message.accountId, hashes[0]!),
    now: now.getTime(),
  });
  let composed: ComposedMessage;
  try {
    composed = composeMessage(message.channel, wording, context, wordingLanguage, {
      name: account.name,
      colour: account.brand?.colour ?? DEFAULT_BRAND_COLOUR,
    });
  } catch (error) {
    // The same wording with the same facts fails the same way again: failed for good, never retried.
    if (error instanceof TemplateProblem) return { outcome: 'settle', settlement: { status: 'failed', detail: error.message }, language };
    throw error;
  }
  const sent: SentMessage = {
    to: maskAddress(address.address),
    language: wordingLanguage,
    subject: composed.subject,
    body: composed.text,
    segments: composed.segments,
  };
  if (!providerOf(message.channel, settings)) {
    // Nothing would go out: kept as rendered now, quiet hours or not.
    const detail = 'no provider: the account has no ' + (message.channel === 'sms' ? 'Twilio' : 'SMTP') + ' settings';
    return { outcome: 'settle', settlement: { status: 'not_sent', detail, sent }, language };
  }
  return {
    outcome: 'send',
    settings,
    address: address.address,
    addressHash: hashes[0]!,
    composed,
    sent,
    unsubscribeUrl: context.unsubscribe_link,
    timeZone,
    language,
  };
}

const providerOf = (channel: Message['channel'], settings: NotificationSettings) => (channel === 'sms' ? settings.sms : settings.email);

/** A settlement at `at`, with the event that tells it. */
const settledAs = (message: NewMessage, settlement: Omit<Settlement, 'at'>, language: string, at: string): Settled => {
  const event = settlementEvent(message, settlement.status, settlement.sent?.language ?? language, at, settlement.detail);
  return { settlement: { ...settlement, at }, events: event ? [event] : [] };
};

/**
 * A new message that cannot go out (its account has no provider for its channel), or is
 * skipped, settled as it is made: stored once, settled, rather than queued, leased and settled
 * (docs/decisions.md, "Telling the recipient"). Null leaves it to the queue: one with a
 * provider, one due later (its moment may yet end), or one whose account or recipient cannot
 * be read now (the worker tries again).
 */
export async function settleAtOnce(fresh: NewMessage, deps: SendMessageDeps): Promise<Settled | null> {
  const now = deps.clock.now();
  if (fresh.dueAt > now.getTime()) return null;
  const settings = (await deps.accountOf(fresh.accountId).catch(() => null))?.notifications;
  if (settings && providerOf(fresh.channel, settings)) return null;
  const prepared = await prepare(fresh, now, deps).catch(() => null);
  return prepared?.outcome === 'settle' ? settledAs(fresh, prepared.settlement, prepared.language, now.toISOString()) : null;
}

/**
 * Sends one leased message, or settles why not (docs/decisions.md, "Telling the recipient").
 * A message begun before and never answered is recorded `unknown`, never sent again blindly;
 * then the checks of `prepare`; in quiet hours it waits for their end (or is skipped when its
 * moment passes first).
 * A store or peer that cannot be read throws: the lease runs out and the message is looked at again.
 */
export async function sendMessage(message: Message, deps: SendMessageDeps): Promise<void> {
  const token = message.leaseToken!;
  const now = deps.clock.now();
  const at = now.toISOString();
  const settle = ({ settlement, events }: Settled) => deps.messages.settle(message.id, token, settlement, events);
  if (message.sendingSince) {
    const language = message.facts.language ?? (await deps.accountOf(message.accountId))?.notifications?.defaultLanguage ?? 'en';
    const detail = 'the provider’s answer to the last send never came: not sent again';
    await settle(settledAs(message, { status: 'unknown', detail }, language, at));
    return;
  }
  const prepared = await prepare(message, now, deps);
  if (prepared.outcome === 'settle') {
    await settle(settledAs(message, prepared.settlement, prepared.language, at));
    return;
  }
  const { settings, sent, timeZone, language } = prepared;
  const quietEnd = quietHoursEnd(now.getTime(), settings.quietHours, timeZone);
  if (quietEnd !== null) {
    if (message.expiresAt !== null && message.expiresAt <= quietEnd) {
      await settle(settledAs(message, { status: 'skipped', detail: 'its moment passes during quiet hours' }, language, at));
    } else {
      await deps.messages.settle(
        message.id,
        token,
        { status: 'pending', at, detail: 'waits for the end of quiet hours', retryAt: quietEnd },
        [],
      );
    }
    return;
  }
  // Counted once, as it first goes out: a retry after a provider's "not now" was counted already.
  const spent =
    message.tries === 0 ? await spendBudget(message, prepared.addressHash, settings.budgets, deps.budgets, now.getTime()) : null;
  if (spent) {
    deps.overBudget?.(message.channel, spent);
    await settle(settledAs(message, { status: 'skipped', detail: BUDGET_WORDS[spent] }, language, at));
    return;
  }
  if (!(await deps.messages.begin(message.id, token, sent, at))) return;
  const outcome = await send(message, settings, prepared.address, prepared.composed, prepared.unsubscribeUrl, deps);
  await settleOutcome(message, outcome, sent, prepared.addressHash, deps);
}

function send(
  message: Message,
  settings: NotificationSettings,
  to: string,
  composed: ComposedMessage,
  unsubscribeUrl: string,
  deps: SendMessageDeps,
): Promise<SendOutcome> {
  // In the trace of the request behind its event: the provider's request joins it.
  const traced = message.trace ? { trace: message.trace } : {};
  if (message.channel === 'sms') {
    return deps.sms.send(settings.sms!, { to, body: composed.text, statusCallback: deps.links.twilioStatus(message.accountId), ...traced });
  }
  return deps.email.send(settings.email!, {
    to,
    subject: composed.subject!,
    text: composed.text,
    html: composed.html!,
    unsubscribeUrl,
    messageId: message.id,
    ...traced,
  });
}

async function settleOutcome(
  message: Message,
  outcome: SendOutcome,
  sent: SentMessage,
  addressHash: string,
  deps: SendMessageDeps,
): Promise<void> {
  const now = deps.clock.now();
  const at = now.toISOString();
  const provider = message.channel === 'sms' ? 'twilio' : 'smtp';
  const settle = (settlement: Omit<Settlement, 'at'>, events: EventEnvelope[]) =>
    deps.messages.settle(message.id, message.leaseToken!, { ...settlement, at, sent }, events);
  const told = (status: Settlement['status'], detail: string | null, extra: Parameters<typeof settlementEvent>[5] = {}) => {
    const event = settlementEvent(message, status, sent.language, at, detail, extra);
    return event ? [event] : [];
  };
  switch (outcome.kind) {
    case 'accepted':
      await settle(
        { status: 'sent', detail: null, provider, providerRef: outcome.providerRef },
        told('sent', null, { provider, segments: sent.segments }),
      );
      return;
    case 'refused':
      if (message.channel === 'sms' && outcome.code && NO_SMS_CODES.has(outcome.code)) await rememberNoSms(message, addressHash, deps);
      await settle({ status: 'failed', detail: outcome.reason }, told('failed', outcome.reason, { errorCode: outcome.code }));
      return;
    case 'unknown':
      await settle({ status: 'unknown', detail: outcome.reason }, told('unknown', outcome.reason));
      return;
    case 'later': {
      const tries = message.tries + 1;
      const retryAt = nextTryAt(now.getTime(), tries, outcome.retryAfterMs);
      const givenUp = retryAt - Date.parse(message.createdAt) > GIVE_UP_AFTER_MS;
      const passed = message.expiresAt !== null && retryAt >= message.expiresAt;
      if (givenUp || passed) {
        const detail = `${outcome.reason}; ${passed ? 'its moment passes before the next try' : 'given up after a day of tries'}`;
        await settle({ status: 'failed', detail }, told('failed', detail));
      } else {
        await settle({ status: 'pending', detail: `${outcome.reason}; tried again later`, retryAt, tried: true }, []);
      }
    }
  }
}
