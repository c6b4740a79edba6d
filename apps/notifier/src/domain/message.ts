import { createHash } from 'node:crypto';
import type { MessageStatus, NotificationChannel, NotificationMoment, TimeWindow } from '@delivery/contracts';

/**
 * What a moment's message may say, taken from the event that made it (and replaced by a
 * later event while the message waits): never the recipient's address, which is read from
 * the task when the message goes out.
 */
export interface MessageFacts {
  /** The drop-off's ETA (ISO), when the fleet gave one. */
  eta: string | null;
  /** The drop-off window booked, or the one rescheduled to after a failed attempt. */
  window: TimeWindow | null;
  driverFirstName: string | null;
  /** The proof photo, through its expiring link. */
  photoUrl: string | null;
  /** After a failed attempt: tried again (`reattempt`, in `window`), brought back (`return`), or neither. */
  nextStep: 'reattempt' | 'return' | 'none' | null;
  trackingToken: string | null;
  fleetId: number | null;
  /** The language the platform named for the recipient (`referenceFields`), if any. */
  language: string | null;
}

/** One status a message reached, and when; `detail` is ours or the provider's code, never its answer's text. */
export interface MessageChange {
  at: string;
  status: MessageStatus;
  detail: string | null;
}

/** One moment told (or to be told) to a task's recipient on one channel. */
export interface Message {
  id: string;
  accountId: string;
  taskId: string;
  moment: NotificationMoment;
  channel: NotificationChannel;
  /** Several of one moment: the drop-off attempt a failed attempt was (`2` for the first, rescheduled to a second; `final`). */
  occurrence: string;
  status: MessageStatus;
  facts: MessageFacts;
  createdAt: string;
  /** When it is next due to go out (epoch ms); a lease moves it on while a worker sends it. */
  dueAt: number;
  /** Past this (epoch ms) its moment has passed and it is no longer sent. */
  expiresAt: number | null;
  leaseToken: string | null;
  /** Set just before the provider is asked, cleared with the answer: found set, the message may have gone out. */
  sendingSince: string | null;
  /** As sent: the address masked, the language and text; null until rendered. */
  sent: SentMessage | null;
  /** The provider and its id of the message (Twilio's `SM…` SID, the SMTP Message-ID). */
  provider: 'twilio' | 'smtp' | null;
  providerRef: string | null;
  /** Sends tried that the provider turned away for now (5xx, 429); the next waits longer. */
  tries: number;
  history: MessageChange[];
  /** Once it is settled: when it is removed (epoch ms), its text and masked address with it. */
  removeAt?: number;
  /** The W3C traceparent its event came with, when traced: its send joins the trace of the request behind the event. */
  trace?: string;
}

/** How long a settled message is kept in the log, unless the store is told otherwise. */
export const MESSAGE_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export interface SentMessage {
  to: string;
  language: string;
  subject: string | null;
  body: string;
  segments: number | null;
}

/** A message made from an event: stored pending, or, when its id exists and it still waits, its facts and due time replaced. */
export type NewMessage = Pick<
  Message,
  'id' | 'accountId' | 'taskId' | 'moment' | 'channel' | 'occurrence' | 'facts' | 'createdAt' | 'dueAt' | 'expiresAt' | 'trace'
>;

/**
 * A message's id, from its task, moment, occurrence and channel: an event read twice, or
 * two events of one moment, name the same message, so it is told at most once.
 */
export const messageId = (taskId: string, moment: NotificationMoment, occurrence: string, channel: NotificationChannel) =>
  `ntf_${createHash('sha256').update(`${taskId}\n${moment}\n${occurrence}\n${channel}`).digest('base64url').slice(0, 24)}`;
