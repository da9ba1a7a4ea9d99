// What the text editor wrote, read as content: whether it says anything, and its words. The
// rich editor writes '<p></p>' for nothing at all, which the server would keep; the form
// treats it as empty and sends it as ''.
import { decodeHtmlText } from '../../../lib/htmlText';

/** Elements that are content without any text. */
const MEDIA = /<(img|iframe|video|hr)\b/i;

/** The words of an HTML (or markdown) field: tags dropped, references decoded. */
export function textOfHtml(html: string): string {
  const withoutTags = html.replace(/<[^>]*>/g, ' ');
  return decodeHtmlText(withoutTags).replace(/\u00a0/g, ' ').replace(/\s+/g, ' ').trim();
}

/** True when the field holds neither words nor media. */
export function isBlankHtml(html: string): boolean {
  return !MEDIA.test(html) && textOfHtml(html) === '';
}

/** The field as it is sent: '' when blank. */
export function htmlOrEmpty(html: string): string {
  return isBlankHtml(html) ? '' : html;
}
