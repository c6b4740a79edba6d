/**
 * What one wording may cost (docs/decisions.md, "A wording's bounds"). A tenant writes the
 * wording and anyone's order makes it render, on the notifier's one event loop and in the
 * console's preview: every bound below holds for both. There is no bound on time: with no loop
 * allowed (WORDING_TAGS) a render's work is linear in its source, which `sourceChars` and
 * `memoryChars` bound; a clock-based limit (liquidjs's `renderLimit`) failed the shipped
 * wordings on a busy machine, and a message failed on a clock is failed for good.
 */
export const WORDING_LIMITS = {
  /** A wording's source, as saved (Twilio's `Body` limit, so a plain text always fits an SMS). */
  sourceChars: 1_600,
  /** A subject's source, as saved. */
  subjectSourceChars: 200,
  /** Characters liquidjs may allocate in one render (`memoryLimit`: joins, pads, escapes). */
  memoryChars: 100_000,
  /** A rendered text, SMS or e-mail alike: Twilio refuses a longer `Body` (error 21617). */
  renderedChars: 1_600,
  /** A rendered subject, as mail clients show about a line of it. */
  renderedSubjectChars: 300,
} as const;
