/**
 * How deep a JSON body may nest. The platform's records nest a handful of levels; far
 * deeper bodies only cost stack in every later step that walks them (serialising the
 * carried fields, the idempotency fingerprint), so they are refused as the size limit is
 * (docs/decisions.md, "Bounded request bodies").
 */
export const MAX_JSON_DEPTH = 128;

export class JsonTooDeep extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';
  constructor() {
    super(`the body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

const [QUOTE, BACKSLASH, OPEN_OBJECT, OPEN_ARRAY, CLOSE_OBJECT, CLOSE_ARRAY] = ['"', '\\', '{', '[', '}', ']'].map((c) => c.charCodeAt(0));

/** The deepest nesting of brackets outside strings, stopping once past `limit`; one pass, no parse. */
export function jsonDepthExceeds(body: Buffer, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
      depth += 1;
      if (depth > limit) return true;
    } else if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) depth -= 1;
  }
  return false;
}

/** body-parser's `verify` hook: runs on the raw bytes before they are parsed. */
export function refuseDeepJson(_req: unknown, _res: unknown, body: Buffer): void {
  if (jsonDepthExceeds(body)) throw new JsonTooDeep();
}
