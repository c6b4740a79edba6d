/**
 * Twilio's default opt-out and opt-in keywords for long codes and toll-free numbers (Twilio
 * support, "Twilio support for opt-out keywords (SMS STOP filtering)"): a reply that is one of
 * these words alone, in any case. Twilio blocks the number itself and still forwards the reply
 * to the incoming-message webhook, where we record it for that number's later messages from the account.
 */
const OPT_OUT = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE']);
const OPT_IN = new Set(['START', 'YES', 'UNSTOP']);

/** What a reply asks: out, back in, or nothing we act on. */
export function keywordOf(body: string): 'opt-out' | 'opt-in' | null {
  const word = body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
  if (OPT_OUT.has(word)) return 'opt-out';
  if (OPT_IN.has(word)) return 'opt-in';
  return null;
}
