// Posts' client models (spec 002 §3 Post, spec 001 §3 Reblog trail item) and the one place
// where a wire post (api/types/Post.ts), from a page, a blog viewer answer or a save answer,
// becomes one. As in models.ts, a generated wire type named like the client model it becomes
// is imported as Wire<Name>.
//
// Two kinds of field arrive: HTML the server has sanitised (bodies, captions, a quote's
// source, an answer, trail contents, a reblog's comment), which becomes ServerHtml; and plain
// text (titles, a quote, chat lines, a question, photo captions, track names), only ever
// shown as text. Tags alone arrive with their angle brackets escaped (spec 001 §5's tag
// rules), and are decoded here.
import { decodeHtmlText } from '../lib/htmlText';
import { blogCountsFromWire, type BlogCounts } from './models';
import { serverHtml, type ServerHtml } from './serverHtml';
import { httpUrl, webUrl } from '../lib/webUrl';
import type { ChatLine as WireChatLine } from './types/ChatLine';
import type { Photo as WirePhoto } from './types/Photo';
import type { ProcessedVideo as WireProcessedVideo } from './types/ProcessedVideo';
import type { Post as WirePost } from './types/Post';
import type { PostContent as WirePostContent } from './types/PostContent';
import type { PostState } from './types/PostState';
import type { Selfie } from './types/Selfie';
import type { ContextPage as WireContextPage } from './types/ContextPage';
import type { PostType } from './types/PostType';
import type { SaveAnswer } from './types/SaveAnswer';
import type { TrailItem as WireTrailItem } from './types/TrailItem';

export type { PostState, PostType };
/** How a photo was taken with the composer's webcam: a snapshot ('photo') or its GIF ('gif'). */
export type PhotoSelfie = Selfie;

export type { ServerHtml };

/** One photo of a photo post (spec 000 §3 Photo). */
export interface Photo {
  /** '' when the address is not one the app shows. */
  url: string;
  /** 0 when unknown. */
  width: number;
  height: number;
  caption: string;
}

export interface ChatLine {
  /** '' when the line names nobody. */
  speaker: string;
  text: string;
}

/** Each type's fields (api.md "The post model"). Addresses are '' when missing or unsafe. */
export type PostContent =
  | { type: 'text'; title: string; body: ServerHtml }
  | {
      type: 'photo';
      photos: Photo[];
      /** Digits, each the number of photos in a row (spec 000 §3 Photoset). */
      layout: string;
      /** Where a single photo links to. */
      linkthrough: string;
      caption: ServerHtml;
      /** Taken with the composer's webcam: a snapshot or its GIF; null for any other photo. */
      selfie: PhotoSelfie | null;
    }
  | { type: 'quote'; quote: string; source: ServerHtml }
  | {
      type: 'link';
      url: string;
      title: string;
      excerpt: string;
      author: string;
      /** The host the link points at. */
      publisher: string;
      thumbnail: string;
      caption: ServerHtml;
    }
  | { type: 'chat'; title: string; lines: ChatLine[] }
  | {
      type: 'audio';
      url: string;
      /** spotify, soundcloud, bandcamp, or direct (an MP3 the page can play). */
      service: string;
      /** The service's player, for an iframe; '' when there is none (an MP3, bandcamp). */
      embedUrl: string;
      trackTitle: string;
      trackArtist: string;
      trackAlbum: string;
      albumArt: string;
      caption: ServerHtml;
    }
  | {
      type: 'video';
      url: string;
      /** youtube, embed (another site's player) or direct (a video file). */
      service: string;
      /** The player's address, for an iframe: another site's, http(s) only; '' for a direct video. */
      embedUrl: string;
      caption: ServerHtml;
      /** What processing made of an upload here; null for other videos (they play as posted). */
      processed: ProcessedVideo | null;
    }
  | {
      type: 'note';
      ask: string;
      /** Who asked; null for an anonymous ask. */
      askingName: string | null;
      answer: ServerHtml;
      caption: ServerHtml;
    };

/**
 * Ten frames taken evenly through a video, side by side in one image (spec 002 §3 Video player
 * state: filmstrip url, width, height).
 */
export interface Filmstrip {
  url: string;
  /** The whole strip's size in pixels: each frame is a tenth of the width. */
  width: number;
  height: number;
}

/** An uploaded video made playable everywhere: its HD and SD renditions, a poster, a filmstrip. */
export interface ProcessedVideo {
  hdUrl: string;
  sdUrl: string;
  /** '' when there is none to show. */
  posterUrl: string;
  /** null when there is none to show. */
  filmstrip: Filmstrip | null;
  /** The HD rendition's picture size. */
  width: number;
  height: number;
  durationMs: number;
}

/** One earlier contribution in a reblog's trail (spec 001 §3 Reblog trail item). */
export interface TrailItem {
  /** The post the contribution was made in (`pid` on the wire). */
  postId: number;
  /** Its blog's name (`name` on the wire). */
  blogName: string;
  permalink: string;
  content: ServerHtml;
  avatarUrl: string;
  title: string;
  /** The chain's first post. */
  isOriginalEntry: boolean;
}

/** A post (spec 002 §3 Post). */
export interface Post {
  id: number;
  /** The chain's first post (the post itself when it is not a reblog). */
  rootId: number;
  reblogKey: string;
  state: PostState;
  /** The blog's name (`tumblelog` on the wire). */
  blogName: string;
  avatarUrl: string;
  /** The post's own page. */
  postUrl: string;
  slug: string;
  /** When it went out, or was written if it has not (unix seconds). */
  date: number;
  /** When a scheduled post goes out (unix seconds). */
  publishOn: number | null;
  tags: string[];
  sourceUrl: string;
  content: PostContent;
  isReblog: boolean;
  /** The blog it was reblogged from. */
  reblogSource: { name: string; url: string } | null;
  reblogTrail: TrailItem[];
  /** A reblog's own addition. */
  reblogComment: ServerHtml;
  isMine: boolean;
  following: boolean;
  liked: boolean;
  reblogged: boolean;
  noteCount: number;
  /** The post takes replies (the composer's replies switch). */
  takesReplies: boolean;
  /** On the likes page: when the viewer liked it (where the next page continues from). */
  likedTimestamp: number | null;
  /** On a blog's page for a tag: its blog pinned it there (`/svc/promote`). */
  isPromoted: boolean;
  /** A submitted post: the blog that submitted it. */
  submittedBy: string | null;
  /** The app that posted it (docs/api.md "Apps"), shown as text until its owner removes it. */
  appName: string | null;
  /** A group blog's post, to the group's members: the member's blog that wrote it. */
  postedBy: string | null;
}

/**
 * The page a saved post belongs on (`post_context_page`, spec 001 §3 Save response): a
 * private post belongs on its blog's page only ('blog').
 */
export type PostContextPage = WireContextPage;

/** A save answer, as the pages that list posts read it (spec 001 §4 After save). */
export interface SavedPost {
  post: Post;
  contextPage: PostContextPage;
  /** A new post, rather than an edit. */
  created: boolean;
}

/** What a save answers the composer (spec 001 §3 Save response), besides where the post goes. */
export interface PostSaveResult extends SavedPost {
  /** What the toast says, when one shows. */
  message: string;
  /** This save published the writer's first post on any of their blogs (the web celebrates it). */
  firstPost: boolean;
  /** The blog saved to, with its counts after the save. */
  blogCounts: BlogCounts;
}

function photoFromWire(w: WirePhoto): Photo {
  return { url: webUrl(w.url), width: w.width, height: w.height, caption: w.caption };
}

function chatLineFromWire(w: WireChatLine): ChatLine {
  return { speaker: w.speaker, text: w.text };
}

/** Null when absent, or when either rendition's address is not one the app plays. */
function processedFromWire(w: WireProcessedVideo | undefined): ProcessedVideo | null {
  if (!w) return null;
  const hdUrl = webUrl(w.hd_url);
  const sdUrl = webUrl(w.sd_url);
  if (!hdUrl || !sdUrl) return null;
  const stripUrl = webUrl(w.filmstrip.url);
  return {
    hdUrl,
    sdUrl,
    posterUrl: webUrl(w.poster_url),
    filmstrip: stripUrl && w.filmstrip.width > 0 ? { url: stripUrl, width: w.filmstrip.width, height: w.filmstrip.height } : null,
    width: w.width,
    height: w.height,
    durationMs: w.duration_ms,
  };
}

function contentFromWire(w: WirePostContent): PostContent {
  switch (w.type) {
    case 'text':
      return { type: 'text', title: w.title, body: serverHtml(w.body) };
    case 'photo':
      return {
        type: 'photo',
        photos: w.photos.map(photoFromWire).filter((p) => p.url !== ''),
        layout: w.layout,
        linkthrough: webUrl(w.linkthrough),
        caption: serverHtml(w.caption),
        selfie: w.selfie,
      };
    case 'quote':
      return { type: 'quote', quote: w.quote, source: serverHtml(w.source) };
    case 'link':
      return {
        type: 'link',
        url: webUrl(w.url),
        title: w.title,
        excerpt: w.excerpt,
        author: w.author,
        publisher: w.publisher,
        thumbnail: webUrl(w.thumbnail),
        caption: serverHtml(w.caption),
      };
    case 'chat':
      return { type: 'chat', title: w.title, lines: w.lines.map(chatLineFromWire) };
    case 'audio':
      return {
        type: 'audio',
        url: webUrl(w.url),
        service: w.service,
        embedUrl: httpUrl(w.embed_url),
        trackTitle: w.track_title,
        trackArtist: w.track_artist,
        trackAlbum: w.track_album,
        albumArt: webUrl(w.album_art),
        caption: serverHtml(w.caption),
      };
    case 'video':
      return {
        type: 'video',
        url: webUrl(w.url),
        service: w.service,
        embedUrl: httpUrl(w.embed_url),
        caption: serverHtml(w.caption),
        processed: processedFromWire(w.processed),
      };
    case 'note':
      return {
        type: 'note',
        ask: w.ask,
        askingName: w.asking_name,
        answer: serverHtml(w.answer),
        caption: serverHtml(w.caption),
      };
  }
}

function trailItemFromWire(w: WireTrailItem): TrailItem {
  return {
    postId: w.pid,
    blogName: w.name,
    permalink: webUrl(w.permalink),
    content: serverHtml(w.content),
    avatarUrl: w.avatar_url,
    title: w.title,
    isOriginalEntry: w.is_original_entry,
  };
}

export function postFromWire(w: WirePost): Post {
  return {
    id: w.id,
    rootId: w.root_id,
    reblogKey: w.reblog_key,
    state: w.state,
    blogName: w.tumblelog,
    avatarUrl: w.avatar_url,
    postUrl: webUrl(w.post_url),
    slug: w.slug,
    date: w.date,
    publishOn: w.publish_on,
    // Tags arrive with their angle brackets escaped (`&lt;3`): shown decoded, as text.
    tags: w.tags.map(decodeHtmlText),
    sourceUrl: webUrl(w.source_url),
    content: contentFromWire(w.content),
    isReblog: w.is_reblog,
    reblogSource: w.reblog_source && { name: w.reblog_source.name, url: webUrl(w.reblog_source.url) },
    reblogTrail: w.reblog_trail.map(trailItemFromWire),
    reblogComment: serverHtml(w.reblog_comment),
    isMine: w.is_mine,
    following: w.following,
    liked: w.liked,
    reblogged: w.reblogged,
    noteCount: w.note_count,
    takesReplies: w.allow_photo_replies,
    likedTimestamp: w.liked_timestamp,
    isPromoted: w.is_promoted,
    submittedBy: w.submitted_by,
    appName: w.app_name,
    postedBy: w.posted_by,
  };
}

export function savedPostFromWire(w: SaveAnswer): SavedPost {
  return { post: postFromWire(w.post), contextPage: w.post_context_page, created: w.created_post };
}

export function postSaveResultFromWire(w: SaveAnswer): PostSaveResult {
  return {
    ...savedPostFromWire(w),
    message: w.message,
    firstPost: w.first_post,
    blogCounts: blogCountsFromWire(w.context_tumblelog),
  };
}
