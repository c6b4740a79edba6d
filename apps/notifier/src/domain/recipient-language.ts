/** The keys of the shipment's `referenceFields` that may name the recipient's language, compared without case. */
const LANGUAGE_KEYS = new Set(['language', 'locale', 'lang', 'preferredlanguage', 'customerlanguage']);

/**
 * The recipient's language as the platform names it (docs/decisions.md, "The recipient's
 * language"): a `referenceFields` entry keyed `language` or `locale` (or a like name), with a
 * BCP 47 tag or a POSIX locale (`fr`, `fr-CA`, `fr_CA.UTF-8`); its primary subtag, lower
 * case. Null when there is none or it is not a language tag: the account's default is used.
 */
export function recipientLanguageOf(platformFields: Record<string, unknown> | null): string | null {
  const fields = platformFields?.referenceFields;
  if (!Array.isArray(fields)) return null;
  for (const field of fields) {
    if (typeof field !== 'object' || field === null) continue;
    const { key, value } = field as { key?: unknown; value?: unknown };
    if (typeof key !== 'string' || !LANGUAGE_KEYS.has(key.replace(/[\s_-]/g, '').toLowerCase())) continue;
    const match = typeof value === 'string' ? /^\s*([a-zA-Z]{2,3})(?:[-_.@\s]|$)/.exec(value) : null;
    if (match) return match[1]!.toLowerCase();
  }
  return null;
}
