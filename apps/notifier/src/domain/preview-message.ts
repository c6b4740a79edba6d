import type { Account } from '@delivery/accounts';
import type { Clock } from '@delivery/clock';
import { DomainError, type NotificationChannel, type NotificationMoment } from '@delivery/contracts';
import { checkTemplate, TemplateProblem } from '@delivery/wording';
import type { RecipientDirectory } from '../ports/recipient-directory';
import type { MessageFacts } from './message';
import { factsOf } from './moments-of-event';
import { composeMessage, DEFAULT_BRAND_COLOUR, type ComposedMessage } from './wording/compose-message';
import { templateContext } from './wording/template-context';

export interface PreviewRequest {
  accountId: string;
  taskId: string | null;
  moment: NotificationMoment;
  language: string;
  channel: NotificationChannel;
  subject: string;
  text: string;
}

export interface PreviewDeps {
  accountOf: (accountId: string) => Promise<Account | null>;
  timeZoneOf: (accountId: string, fleetId: number | null) => Promise<string | null>;
  recipients: RecipientDirectory;
  links: { tracking: (token: string | null) => string };
  clock: Clock;
}

const MINUTE = 60_000;

/** A delivery on its way, for a preview without one: a driver, an ETA in 12 minutes, a two-hour window around it. */
function sampleFacts(now: number): MessageFacts {
  const hour = Math.floor(now / 3_600_000) * 3_600_000;
  return {
    eta: new Date(now + 12 * MINUTE).toISOString(),
    window: { startTime: new Date(hour).toISOString(), endTime: new Date(hour + 2 * 3_600_000).toISOString() },
    driverFirstName: 'Sam',
    photoUrl: 'https://photos.example.com/proof.jpg',
    nextStep: 'reattempt',
    trackingToken: 'sample',
    fleetId: null,
    language: null,
  };
}

/**
 * Renders a wording as the recipient would read it (the console's editor): for one of the
 * account's deliveries, with its facts and its recipient's first name, or for a sample one.
 * A wording that is not valid Liquid, uses a tag or variable it may not, or passes its bounds,
 * is refused naming it (@delivery/wording's checkTemplate).
 */
export async function previewMessage(request: PreviewRequest, deps: PreviewDeps): Promise<ComposedMessage> {
  refusedWhenInvalid(() => {
    checkTemplate(request.subject, 'the subject', 'subject');
    checkTemplate(request.text, 'the text');
  });
  const account = await deps.accountOf(request.accountId);
  if (!account) throw new DomainError('FORBIDDEN', 'The account no longer exists');
  const now = deps.clock.now().getTime();
  const task = request.taskId ? await deps.recipients.snapshotOf(request.accountId, request.taskId) : null;
  if (request.taskId && !task) throw new DomainError('TASK_NOT_FOUND', `No task found for id ${request.taskId}`);
  const recipient = task && (await deps.recipients.find(request.accountId, task.taskId));
  const facts = task ? factsOf(task) : sampleFacts(now);
  const context = templateContext({
    facts,
    language: request.language,
    timeZone: (await deps.timeZoneOf(request.accountId, facts.fleetId)) ?? 'UTC',
    retailer: account.name,
    firstName: task ? recipient?.personName?.trim().split(/\s+/)[0] || null : 'Ada',
    trackingLink: deps.links.tracking(facts.trackingToken),
    unsubscribeLink: 'https://unsubscribe.example/preview',
    now,
  });
  const wording = { subject: request.subject, text: request.text };
  const brand = { name: account.name, colour: account.brand?.colour ?? DEFAULT_BRAND_COLOUR };
  // Rendered by the same engine and bounds as a message sent: a preview costs no more than one.
  return refusedWhenInvalid(() => composeMessage(request.channel, wording, context, request.language, brand));
}

function refusedWhenInvalid<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof TemplateProblem) throw new DomainError('VALIDATION_FAILED', `Invalid request: ${error.message}`);
    throw error;
  }
}
