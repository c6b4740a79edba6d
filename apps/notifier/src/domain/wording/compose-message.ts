import type { NotificationChannel } from '@delivery/contracts';
import { renderHtml, renderSubject, renderText, smsLength, type MomentWording, type TemplateContext } from '@delivery/wording';

/** A message ready to go: an SMS's text, or an e-mail's subject with its plain and HTML parts. */
export interface ComposedMessage {
  subject: string | null;
  text: string;
  html: string | null;
  segments: number | null;
}

/** An e-mail's accent colour until the account sets its own. */
export const DEFAULT_BRAND_COLOUR = '#1f6feb';

export interface Brand {
  name: string;
  colour: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Links in text already escaped for HTML (so `&` is `&amp;` in the `href` too, as HTML wants). */
const linked = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

const UNSUBSCRIBE_LINE: Record<string, string> = {
  en: 'Stop these e-mails',
  fr: 'Ne plus recevoir ces e-mails',
  es: 'Dejar de recibir estos correos',
  de: 'Diese E-Mails abbestellen',
};

/**
 * Renders a moment's wording for a channel; an e-mail gets an unsubscribe line in both parts.
 * Throws a TemplateProblem when the wording passes its bounds (@delivery/wording's WORDING_LIMITS).
 */
export function composeMessage(
  channel: NotificationChannel,
  wording: MomentWording,
  context: TemplateContext,
  language: string,
  brand: Brand,
): ComposedMessage {
  const text = renderText(wording.text, context);
  if (channel === 'sms') return { subject: null, text, html: null, segments: smsLength(text).segments };
  const unsubscribe = UNSUBSCRIBE_LINE[language] ?? UNSUBSCRIBE_LINE.en!;
  const body = renderHtml(wording.text, context);
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;margin:0;padding:24px;background:#f6f6f6">',
    `<div style="max-width:560px;margin:auto;background:#fff;border-top:4px solid ${escapeHtml(brand.colour)};padding:24px">`,
    `<p style="font-weight:600;margin-top:0">${escapeHtml(brand.name)}</p>`,
    `<p>${linked(body).replace(/\n/g, '<br>')}</p>`,
    `<p style="font-size:12px;color:#666"><a href="${escapeHtml(context.unsubscribe_link)}">${escapeHtml(unsubscribe)}</a></p>`,
    '</div></body></html>',
  ].join('');
  return {
    subject: renderSubject(wording.subject, context),
    text: `${text}\n\n${unsubscribe}: ${context.unsubscribe_link}`,
    html,
    segments: null,
  };
}
