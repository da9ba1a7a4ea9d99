// Addresses from post fields (a link's URL, a photo, a thumbnail, an embed) end up in href
// and src attributes. The server accepts only http(s) and its own paths, but a javascript:
// or data: address in an href or an iframe's src would run script, so the client keeps its
// own rule too.

const WEB = /^https?:\/\//i;
/** One of the server's own paths (`/media/…`, `/blog/…`), not a protocol-relative `//host`. */
const OWN_PATH = /^\/(?!\/)/;

/** `raw` if it is an http(s) address or one of the server's own paths, otherwise ''. */
export function webUrl(raw: string | null | undefined): string {
  const url = (raw ?? '').trim();
  return WEB.test(url) || OWN_PATH.test(url) ? url : '';
}

/** `raw` if it is an http(s) address (another site's page, for an iframe), otherwise ''. */
export function httpUrl(raw: string | null | undefined): string {
  const url = (raw ?? '').trim();
  return WEB.test(url) ? url : '';
}
