// The mobile header's address rules (spec 000 §5 Mobile): which addresses it links to, which
// it treats as a blog's, and which pictures it shows.

/** The app's own scheme, for a link that opens the app (the splash's 'Get the app'). */
export const APP_SCHEME = 'dashwire:';
const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', APP_SCHEME]);
const WEB_PROTOCOLS = new Set(['http:', 'https:']);
const IMAGE_ENDING = /\.(jpe?g|png|gif)$/i;
/** A blog lives at /blog/{name}, a post of it at /blog/{name}/post/{id}[/{slug}]. */
const BLOG_PATH = /^\/blog\/([a-z0-9-]+)(?:\/post\/(\d+)(?:\/[^/]*)?)?\/?$/i;
/** Never a blog's name: the bare domain's host name. */
const NOT_A_BLOG = 'www';

/** What relative addresses are read against: the page's own (they are the app's). */
export const pageAddress = (): string => window.location.href;

/** A parsed blog address (spec 000 §3 Parsed blog URL). */
export interface ParsedBlogUrl {
  blogName: string;
  postId?: number;
}

function parse(raw: string, base: string): URL | null {
  try {
    return new URL(raw.trim(), base);
  } catch {
    return null;
  }
}

/** The address may be linked: http, https, mailto or the app's scheme (a relative one is the page's). */
export function hasAllowedProtocol(raw: string, base: string): boolean {
  const url = parse(raw, base);
  return url !== null && ALLOWED_PROTOCOLS.has(url.protocol);
}

/** The picture's address ends in jpg, jpeg, png or gif (its path: a query or a fragment may follow). */
export function isImageUrl(raw: string, base: string): boolean {
  const url = parse(raw, base);
  return url !== null && WEB_PROTOCOLS.has(url.protocol) && IMAGE_ENDING.test(url.pathname);
}

/**
 * The blog (and post) an address is of, or null. Blogs are served by the app itself, so the
 * product's only blog domain is the app's host (`base`'s); the name www is refused.
 */
export function parseBlogUrl(raw: string, base: string): ParsedBlogUrl | null {
  const url = parse(raw, base);
  if (url === null || !WEB_PROTOCOLS.has(url.protocol) || url.host !== new URL(base).host) return null;
  const match = BLOG_PATH.exec(url.pathname);
  if (!match || match[1].toLowerCase() === NOT_A_BLOG) return null;
  return match[2] === undefined ? { blogName: match[1] } : { blogName: match[1], postId: Number(match[2]) };
}

/**
 * Where a link to a blog's address goes: the blog's (or post's) page in the app when it is
 * one of the app's blogs, the address itself when it may be linked, else nowhere (null).
 */
export function blogHref(raw: string, base: string): string | null {
  const blog = parseBlogUrl(raw, base);
  if (blog) return blog.postId === undefined ? `/blog/${blog.blogName}` : `/blog/${blog.blogName}/post/${blog.postId}`;
  return hasAllowedProtocol(raw, base) ? raw : null;
}
