// The share popover's model as the server sends it (docs/api.md "Sharing and embeds": GET
// /svc/share/popover), for the share popover's tests.
import type { ShareModel } from '../api/types/ShareModel';
import type { ShareWindow } from '../api/types/ShareWindow';

const enc = encodeURIComponent;
export const POST_URL = 'http://example.test/blog/bob/post/5';
const shareWindow = (name: string, url: string, width: number, height: number): ShareWindow => ({ url, name, width, height });

export function shareModel(extra: Partial<ShareModel> = {}): ShareModel {
  return {
    post_id: 5,
    root_id: 5,
    tumblelog_name: 'bob',
    post_url: POST_URL,
    post_tiny_url: POST_URL,
    permalink_label: 'Permalink',
    is_private: false,
    has_user: true,
    has_facebook: false,
    twitter_username: null,
    embed_code: `<div class="dashwire-post" data-href="${POST_URL}/embed"><a href="${POST_URL}">${POST_URL}</a></div>`,
    embed_key: 'key5',
    embed_did: 'did5',
    show_email: true,
    show_embed: true,
    show_facebook: true,
    show_permalink: true,
    show_pinterest: true,
    show_twitter: true,
    show_reddit: true,
    show_flagging: false,
    show_reporting_links: false,
    twitter_window: shareWindow('twitter', `https://twitter.com/intent/tweet?url=${enc(POST_URL)}&text=Harbour+at+noon`, 626, 258),
    facebook_window: shareWindow('facebook', `https://www.facebook.com/sharer/sharer.php?u=${enc(POST_URL)}`, 626, 436),
    pinterest_share_window: shareWindow('pinterest', `https://www.pinterest.com/pin/create/button/?url=${enc(POST_URL)}`, 750, 550),
    reddit_window: shareWindow('reddit', `https://www.reddit.com/submit?url=${enc(POST_URL)}`, 860, 600),
    ...extra,
  };
}
