// The email share's 'Allow replies' choice, remembered in a cookie for a year (spec 002 §7:
// share_popover_reply_to, 31536000 seconds), so the next share starts as the last one ended.

const COOKIE = 'share_popover_reply_to';
const MAX_AGE_SECONDS = 31_536_000;

/**
 * The remembered choice. Off until the person turns it on: a reply-to hands the recipient the
 * account's own address.
 */
export function readReplyTo(): boolean {
  const entry = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${COOKIE}=`));
  return entry?.slice(COOKIE.length + 1) === '1';
}

export function rememberReplyTo(allow: boolean): void {
  document.cookie = `${COOKIE}=${allow ? '1' : '0'}; max-age=${MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
}
