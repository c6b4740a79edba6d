import { Liquid, Tag, type TagToken, type TopLevelToken } from 'liquidjs';
import { WORDING_LIMITS } from './wording-limits';

/**
 * The only tags a wording may use. Every variable is a string, so there is nothing to loop
 * over; loops, captures and assignments are how a short wording grows without bound, and
 * include, render and layout read files. Refused when saved and when previewed, naming the tag.
 */
export const WORDING_TAGS = ['if', 'unless', 'case', 'comment', 'raw', '#'] as const;

/** A tag outside WORDING_TAGS: refused when parsed, so no wording holding it is ever saved or rendered. */
class RefusedTag extends Tag {
  constructor(token: TagToken, remain: TopLevelToken[], liquid: Liquid) {
    super(token, remain, liquid);
    throw new Error(`{% ${token.name} %} is not allowed in a wording (allowed: ${WORDING_TAGS.join(', ')})`);
  }

  // Never reached: the constructor refuses every wording that holds the tag.
  render(): void {}
}

/** An engine with no file system, only WORDING_TAGS, and liquidjs's limits on parse size and memory. */
export function wordingEngine(escapeHtml: boolean): Liquid {
  const engine = new Liquid({
    // Unknown variables fail at render too, so a wording that slipped past the check never sends a gap.
    strictVariables: true,
    strictFilters: true,
    // An empty in-memory map in place of the file system: a name is never looked up on disk.
    templates: {},
    dynamicPartials: false,
    relativeReference: false,
    parseLimit: WORDING_LIMITS.sourceChars * 2,
    memoryLimit: WORDING_LIMITS.memoryChars,
    ...(escapeHtml && { outputEscape: 'escape' as const }),
  });
  for (const name of Object.keys(engine.tags)) {
    if (!(WORDING_TAGS as readonly string[]).includes(name)) engine.registerTag(name, RefusedTag);
  }
  return engine;
}
