import { z } from 'zod';

/**
 * The shapes in which the caller's platform sends a value we act on (docs/decisions.md,
 * "Fields we act on and fields we carry"). Each reader accepts every shape and turns it
 * into one plain value; only a value that cannot mean anything usable is refused, with a
 * message naming the field.
 */

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const isScalar = (value: unknown) => typeof value === 'string' || typeof value === 'number';

/**
 * A value the platform wraps: in an object keyed like the field, or like it with `Id`
 * (`"CancelReasonId": { "CancelReasonId": "X" }`, `"packageType": { "PackageTypeId": "BOX" }`),
 * or holding one text or number, or in a change-set pair (`{ "Old": "3000.000", "New": "9000.000" }`).
 * Read as the one value inside; anything else is returned as it came.
 */
export function unwrapPlatformValue(value: unknown, field: string): unknown {
  if (!isRecord(value)) return value;
  if ('New' in value) return unwrapPlatformValue(value.New, field);
  const name = field.slice(field.lastIndexOf('.') + 1).toLowerCase();
  const named = Object.keys(value).find((key) => key.toLowerCase() === name || key.toLowerCase() === `${name}id`);
  if (named) return unwrapPlatformValue(value[named], field);
  const scalars = Object.values(value).filter(isScalar);
  return scalars.length === 1 ? scalars[0] : value;
}

function asText(value: unknown, field: string): unknown {
  const unwrapped = unwrapPlatformValue(value, field);
  if (typeof unwrapped === 'number' || typeof unwrapped === 'boolean') return String(unwrapped);
  return typeof unwrapped === 'string' ? unwrapped.trim() : unwrapped;
}

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;
/**
 * Free text may hold tabs and line breaks (an address note, a driver instruction), and C1
 * characters, which mis-decoded Windows text carries in names; the other C0 controls it may not.
 */
const CONTROL_CHARACTER_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Free text we use (labels, drivers' screens): blank is absent; control characters other than tabs and line breaks are refused. */
export const platformText = (field: string, max: number) =>
  z.preprocess(
    (value) => {
      const text = asText(value, field);
      return text === '' ? null : text;
    },
    z
      .string(`${field} must be text`)
      .max(max, `${field} holds at most ${max} characters`)
      .refine((text) => !CONTROL_CHARACTER_BUT_LINE_BREAKS.test(text), `${field} must not contain control characters`)
      .nullish(),
  );

/** An identifier we look orders up by: non-empty text of printable characters. */
export const platformIdentifier = (field: string, max = 200) =>
  z.preprocess(
    (value) => asText(value, field),
    z
      .string(`${field} is required, as text`)
      .min(1, `${field} must not be empty`)
      .max(max, `${field} holds at most ${max} characters`)
      .refine((text) => !CONTROL_CHARACTER.test(text), `${field} must not contain control characters`),
  );

const NUMERIC_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function asNumber(value: unknown, field: string): unknown {
  const unwrapped = unwrapPlatformValue(value, field);
  if (typeof unwrapped !== 'string') return unwrapped;
  const text = unwrapped.trim();
  if (text === '') return null;
  return NUMERIC_TEXT.test(text) ? Number(text) : unwrapped;
}

const amount = (field: string, max: number) =>
  z
    .number({ error: (issue) => (issue.input == null ? `${field} is required` : `${field} must be a number or numeric text`) })
    .refine(Number.isFinite, `${field} must be a finite number`)
    .refine((n) => n >= 0, `${field} must not be negative`)
    .refine((n) => n <= max, `${field} must be at most ${max}`);

/** A number as JSON or as numeric text (`"12.50"`). Never negative, never infinite. */
export const platformAmount = (field: string, max = Number.MAX_VALUE) =>
  z.preprocess((value) => asNumber(value, field), amount(field, max));

/** As `platformAmount`, where blank or absent means none. */
export const optionalAmount = (field: string, max = Number.MAX_VALUE) =>
  z.preprocess((value) => asNumber(value, field), amount(field, max).nullish());

/** A three-letter currency code in any case (`eur`); blank is absent. */
export const platformCurrency = (field: string) =>
  z.preprocess(
    (value) => {
      const text = asText(value, field);
      return typeof text === 'string' ? (text === '' ? null : text.toUpperCase()) : text;
    },
    z
      .string(`${field} must be text`)
      .regex(/^[A-Z]{3}$/, `${field} must be a three-letter currency code`)
      .nullish(),
  );

/** A unit given in any case, with its common spellings: `aliases` maps each spelling to our unit. */
export const platformUnit = <U extends string>(field: string, aliases: Record<string, U>, fallback: U) =>
  z.preprocess(
    (value) => {
      const text = asText(value, field);
      if (text == null || text === '') return fallback;
      return typeof text === 'string' ? (aliases[text.toUpperCase().replace(/[\s.]/g, '')] ?? text) : text;
    },
    z.enum([...new Set(Object.values(aliases))] as [U, ...U[]], {
      error: `${field} must be one of ${Object.keys(aliases).join(', ')}`,
    }),
  );

/** A list the platform may send as one item, or with empty slots: the items given, at most `max`. */
export const platformList = <T extends z.ZodType>(item: T, field: string, { min = 0, max }: { min?: number; max: number }) =>
  z.preprocess(
    (value) => (value == null ? [] : (Array.isArray(value) ? value : [value]).filter((v) => v != null)),
    z.array(item).min(min, `${field} needs at least ${min}`).max(max, `${field} holds at most ${max}`),
  );

/** An object we read a few keys of, where it is optional: any other shape carries nothing we can use and reads as empty. */
export const platformRecord = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess((value) => (isRecord(value) ? value : {}), z.looseObject(shape));

/** An object we cannot do without. */
export const requiredRecord = <T extends z.ZodRawShape>(field: string, shape: T) =>
  z.looseObject(shape, { error: `${field} is required, as an object` });

const YES = new Set(['Y', 'YES', 'TRUE', '1']);
const NO = new Set(['N', 'NO', 'FALSE', '0', '']);

/** A yes-or-no the platform sends as a boolean, `Y`/`N`, `true`/`false` or `1`/`0`, in any case; absent is no. */
export const platformFlag = (field: string) =>
  z.preprocess(
    (value) => {
      const text = asText(value, field);
      if (text == null) return false;
      if (typeof text !== 'string') return text;
      const upper = text.toUpperCase();
      return YES.has(upper) ? true : NO.has(upper) ? false : text;
    },
    z.boolean(`${field} must be Y or N (or true or false)`),
  );

/** A latitude or longitude in degrees, as JSON or numeric text; blank or absent is none. */
export const platformCoordinate = (field: string, limit: 90 | 180) =>
  z.preprocess(
    (value) => asNumber(value, field),
    z
      .number(`${field} must be a number of degrees`)
      .refine(Number.isFinite, `${field} must be a finite number`)
      .refine((n) => Math.abs(n) <= limit, `${field} must be from -${limit} to ${limit}`)
      .nullish(),
  );
