import sanitizeHtml from 'sanitize-html';

/**
 * The HTML a driver's or agent's screen may render from a note: text formatting and
 * http(s) links, nothing that runs. Script and style contents are dropped, not shown.
 */
const POLICY: sanitizeHtml.IOptions = {
  allowedTags: ['b', 'strong', 'i', 'em', 'u', 's', 'br', 'p', 'span', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['http', 'https'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }) },
};

export function sanitizeNoteHtml(html: string): string {
  return sanitizeHtml(html, { ...POLICY, allowedAttributes: { a: ['href', 'rel', 'target'] } });
}
