/** A phone number as one is dialled from anywhere: `+`, a country code, the number (ITU-T E.164). */
export const E164_PHONE = /^\+[1-9]\d{6,14}$/;

/** A phone as typed, in E.164: spaces, dots, dashes and brackets left out. */
export const normalizePhone = (phone: string) => phone.replace(/[\s().-]/g, '');
