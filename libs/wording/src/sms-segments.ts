/**
 * GSM 03.38's default alphabet and its extension table (each extension character takes
 * two septets), as Twilio counts them (twilio.com/docs/glossary/what-is-gsm-7-character-encoding).
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const basic = new Set(GSM_BASIC);
const extension = new Set(GSM_EXTENSION);

export interface SmsLength {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/**
 * How many SMS segments a text takes: GSM-7 when every character is in its alphabet (160 in
 * one, 153 a segment when split), else UCS-2 (70, and 67 when split). Twilio's Messages API
 * documents the same limits for `Body` (up to 1,600 characters).
 */
export function smsLength(text: string): SmsLength {
  let septets = 0;
  for (const char of text) {
    if (basic.has(char)) septets += 1;
    else if (extension.has(char)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}
