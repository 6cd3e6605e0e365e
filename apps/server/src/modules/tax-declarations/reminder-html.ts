import sanitizeHtml from 'sanitize-html';
import { TAX_REMINDER_FONTS } from '@tankha/contracts';

const FONT_VALUES = TAX_REMINDER_FONTS.map((f) => f.replace(/ /g, '\\s'));
/** 'Arial', "Times New Roman", Times New Roman, with an optional fallback list after it. */
const FONT_FAMILY = new RegExp(`^\\s*(['"]?)(${FONT_VALUES.join('|')})\\1\\s*(,\\s*[\\w\\s'"-]+)?$`, 'i');

/**
 * The allow-list of a reminder body (payroll spec §2 "Reminder editor modal"): what the editor
 * makes — paragraphs, the two headings, bold, italic, underline, strike, lists, links and the five
 * fonts — and nothing else. Scripts, event handlers (onerror=…), styles other than font-family,
 * images, iframes and javascript: links are dropped. Applied before a body is stored and again to
 * what is sent, so a row written by any other path never reaches an inbox as it was.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'a', 'span'],
  allowedAttributes: { a: ['href', 'target', 'rel'], span: ['style'], p: ['style'], h1: ['style'], h2: ['style'] },
  allowedStyles: {
    span: { 'font-family': [FONT_FAMILY] },
    p: { 'text-align': [/^(left|right|center|justify)$/] },
    h1: { 'text-align': [/^(left|right|center|justify)$/] },
    h2: { 'text-align': [/^(left|right|center|justify)$/] },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // The text inside dropped <script>/<style>/<textarea> goes too, not just the tags.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title'],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
  },
};

export function sanitizeReminderBody(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when a sanitised body has no text left (only empty paragraphs or dropped markup). */
export function isBlankBody(html: string): boolean {
  return htmlToText(html).trim() === '';
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x27;': "'", '&nbsp;': ' ' };

/** The plain-text part of an e-mail: block ends become line breaks, links keep their address. */
export function htmlToText(html: string): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|h1|h2|li)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gi, '$2 ($1)');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title'] });
  return text
    .replace(/&(amp|lt|gt|quot|nbsp|#39|#x27);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
