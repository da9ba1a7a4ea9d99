// Other networks' share pages, opened in windows of the spec's sizes (spec 002 §7), and the
// mail-client fallback of a visitor's email share (§5).
import type { ShareModel, ShareWindow } from '../../api/shareEndpoints';
import { URL_PLACEHOLDER } from './shareRules';

/** Opens a network's share page in its own named window of its size. */
export function openShareWindow(share: ShareWindow, url: string = share.url): void {
  window.open(url, share.name, `width=${share.width},height=${share.height}`);
}

/** The words the server put in the tweet (the post's summary): the intent URL's `text`. */
export function tweetWords(model: Pick<ShareModel, 'twitter_window'>): string {
  return new URL(model.twitter_window.url).searchParams.get('text') ?? '';
}

/** The tweet box's first text: the post's words, then the placeholder for its address. */
export function initialTweet(model: Pick<ShareModel, 'twitter_window'>): string {
  const words = tweetWords(model);
  return words ? `${words} ${URL_PLACEHOLDER}` : URL_PLACEHOLDER;
}

/**
 * The Twitter intent page for `text`: the model's own when the text is as it came (its words
 * with the address as a separate `url`), else the text with each [URL] the post's address.
 */
export function tweetIntentUrl(model: Pick<ShareModel, 'twitter_window' | 'post_url'>, text: string): string {
  if (text === initialTweet(model)) return model.twitter_window.url;
  const url = new URL(model.twitter_window.url);
  url.searchParams.delete('url');
  url.searchParams.set('text', text.split(URL_PLACEHOLDER).join(model.post_url));
  return url.toString();
}

/** The mail-client fallback: a mailto: link with the post's address to send. */
export function mailtoUrl(model: Pick<ShareModel, 'post_url' | 'tumblelog_name'>): string {
  const subject = encodeURIComponent(`A post from ${model.tumblelog_name}`);
  return `mailto:?subject=${subject}&body=${encodeURIComponent(model.post_url)}`;
}
