// The composer's URL rules (spec 001 §5 URLs, Uploads; audio and video sources), mirroring
// the server's (src/composer/form/, src/composer/media_urls.rs) so that the save button is
// enabled only for what the server will accept.
import { DIRECT_EMBED_MISSING, NO_EMBED, NO_VIDEO } from '../strings';

/**
 * An http(s) URL with a host, shorter than `urlChars` characters (the server's
 * `limits.urlChars`); null otherwise. Every rule here that reads a URL takes that limit.
 */
export function parseWebUrl(raw: string, urlChars: number): URL | null {
  const text = raw.trim();
  if (!text || Array.from(text).length >= urlChars) return null;
  try {
    const url = new URL(text);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname ? url : null;
  } catch {
    return null;
  }
}

export function isWebUrl(raw: string, urlChars: number): boolean {
  return parseWebUrl(raw, urlChars) !== null;
}

/** One of the server's own media addresses (an upload). */
export function isOwnMedia(raw: string): boolean {
  return raw.startsWith('/media/') && !raw.includes('..');
}

/** An image URL must end in jpg, jpeg, png or gif. */
export function isImageUrl(raw: string, urlChars: number): boolean {
  const url = parseWebUrl(raw, urlChars);
  return url !== null && /\.(jpe?g|png|gif)$/i.test(url.pathname);
}

/**
 * A link post's URL: trimmed, with http: prepended when it has no protocol. '' when what is
 * left is not a valid URL (the spec: "must be valid or is ignored").
 */
export function normalizeLinkUrl(raw: string, urlChars: number): string {
  const text = raw.trim();
  if (!text) return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `http://${text}`;
  return isWebUrl(withScheme, urlChars) ? withScheme : '';
}

export type AudioService = 'spotify' | 'soundcloud' | 'apple_music' | 'bandcamp' | 'direct';

/** The service an audio URL plays from (spotify, soundcloud, Apple Music, bandcamp, or an .mp3), or null. */
export function audioServiceOf(raw: string, urlChars: number): AudioService | null {
  const text = raw.trim();
  if (isOwnMedia(text)) return text.toLowerCase().endsWith('.mp3') ? 'direct' : null;
  const url = parseWebUrl(text, urlChars);
  if (!url) return null;
  const host = url.hostname.replace(/^www\./, '');
  if (host === 'open.spotify.com' || host === 'spotify.com' || host === 'play.spotify.com') return 'spotify';
  if (host === 'soundcloud.com' || host === 'm.soundcloud.com') return 'soundcloud';
  if (host === 'music.apple.com') return 'apple_music';
  if (host === 'bandcamp.com' || host.endsWith('.bandcamp.com')) return 'bandcamp';
  if (url.pathname.toLowerCase().endsWith('.mp3')) return 'direct';
  return null;
}

const VIDEO_FILES = ['.mp4', '.mov', '.webm', '.ogv', '.m4v'];

function isVideoFile(path: string): boolean {
  const lower = path.toLowerCase();
  return VIDEO_FILES.some((ext) => lower.endsWith(ext));
}

/** A youtube page's, short link's or player's video id. */
export function youtubeId(raw: string, urlChars: number): string | null {
  const url = parseWebUrl(raw, urlChars);
  if (!url) return null;
  const host = url.hostname.replace(/^www\./, '').replace(/^m\./, '');
  let id: string | null = null;
  if (host === 'youtu.be') id = url.pathname.replace(/^\//, '').split('/')[0];
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    if (url.pathname === '/watch') id = url.searchParams.get('v');
    else {
      const match = /^\/(?:embed|shorts|v)\/([^/]+)/.exec(url.pathname);
      id = match ? match[1] : null;
    }
  }
  return id && /^[A-Za-z0-9_-]{6,20}$/.test(id) ? id : null;
}

/** The player a video URL shows in an iframe: youtube's embed, or the URL itself. */
export function videoEmbedUrl(raw: string, urlChars: number): string | null {
  const id = youtubeId(raw, urlChars);
  if (id) return `https://www.youtube.com/embed/${id}`;
  return isWebUrl(raw, urlChars) ? raw.trim() : null;
}

/** The first src of an iframe, embed or video element in an embed code. */
function embedCodeSrc(code: string): string | null {
  const match = /<(?:iframe|embed|video)\b[^>]*?\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(code);
  if (!match) return null;
  const src = match[1] ?? match[2] ?? match[3] ?? '';
  return src.startsWith('//') ? `https:${src}` : src;
}

/**
 * What is wrong with a video post's URL or embed code (§5 Video), or null when it names a
 * player or a video file: nothing at all, an embed code without a player, or a URL that is
 * neither a known player nor a video file.
 */
export function videoSourceProblem(raw: string, urlChars: number): string | null {
  const text = raw.trim();
  if (!text) return NO_VIDEO;
  if (text.startsWith('<')) {
    const src = embedCodeSrc(text);
    return src && isWebUrl(src, urlChars) ? null : NO_EMBED;
  }
  if (isOwnMedia(text)) return isVideoFile(text) ? null : DIRECT_EMBED_MISSING;
  const url = parseWebUrl(text, urlChars);
  if (!url) return NO_EMBED;
  if (youtubeId(text, urlChars) || isVideoFile(url.pathname)) return null;
  return DIRECT_EMBED_MISSING;
}
