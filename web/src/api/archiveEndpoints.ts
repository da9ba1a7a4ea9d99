// A blog's archive (spec 002 §2 Archive page; docs/api.md "Archive"): its posts as tiles,
// grouped by calendar month (UTC), newest first, a page at a time. Each page says which post
// the next one continues after (`next_before_id`), null at the end.
import type { ApiClient } from './client';
import { blogFromWire, type Blog } from './models';
import type { ArchiveMonth as WireArchiveMonth } from './types/ArchiveMonth';
import type { ArchivePage as WireArchivePage } from './types/ArchivePage';
import type { ArchivePost as WireArchivePost } from './types/ArchivePost';
import type { ArchiveQuery } from './types/ArchiveQuery';
import type { PostType } from './types/PostType';
import { webUrl } from '../lib/webUrl';

/**
 * The types the archive's filter menu offers (spec 002 §2), as the server reads them in
 * `post_type`; 'answer' is the spec's name for a note.
 */
export type ArchivePostType = 'text' | 'photo' | 'quote' | 'link' | 'chat' | 'audio' | 'video' | 'answer';

/** A post's tile: what the archive shows of it. */
export interface ArchiveTile {
  id: number;
  type: PostType;
  /** The post's own page in the app. */
  postUrl: string;
  /** When it went out (unix seconds). */
  date: number;
  /** Its title or first words: plain text, never HTML. */
  summary: string;
  /** Its picture, or ''. */
  mediaUrl: string;
  noteCount: number;
  isReblog: boolean;
}

/** One calendar month of a page. A month may go on on the next page, under the same key. */
export interface ArchiveMonth {
  /** `YYYY-MM`. */
  key: string;
  year: number;
  /** 1 to 12. */
  monthNumber: number;
  tiles: ArchiveTile[];
}

/** One page of a blog's archive. */
export interface ArchivePage {
  blog: Blog;
  months: ArchiveMonth[];
  /** The post the next page continues after; null at the end. */
  nextBeforeId: number | null;
}

/** What part of the archive to read: one type, one tag, or from one month (`YYYY-MM`) on. */
export interface ArchiveFilters {
  postType?: ArchivePostType;
  tag?: string;
  month?: string;
}

function tileFromWire(blogName: string, w: WireArchivePost): ArchiveTile {
  // The tile links inside the app, so only one of the server's own paths will do.
  const url = webUrl(w.post_url);
  return {
    id: w.id,
    type: w.type,
    postUrl: url.startsWith('/') ? url : `/blog/${encodeURIComponent(blogName)}/post/${w.id}`,
    date: w.date,
    summary: w.summary,
    mediaUrl: webUrl(w.media_url),
    noteCount: w.note_count,
    isReblog: w.is_reblog,
  };
}

function monthFromWire(blogName: string, w: WireArchiveMonth): ArchiveMonth {
  return {
    key: w.month,
    year: w.year,
    monthNumber: w.month_number,
    tiles: w.posts.map((post) => tileFromWire(blogName, post)),
  };
}

function pageFromWire(w: WireArchivePage): ArchivePage {
  return {
    blog: blogFromWire(w.tumblelog),
    months: w.months.map((month) => monthFromWire(w.tumblelog.name, month)),
    nextBeforeId: w.next_before_id,
  };
}

/**
 * GET /svc/archive/{blogname}: a page of the blog's archive with `filters`, after the post
 * `beforeId` (the previous page's `nextBeforeId`) or from the start. An unknown blog is a
 * 404. Never from the HTTP cache: a post written since belongs in it.
 */
export function fetchArchivePage(
  api: ApiClient,
  blogname: string,
  filters: ArchiveFilters,
  beforeId: number | null = null,
): Promise<ArchivePage> {
  return api
    .get<WireArchivePage, ArchiveQuery>(
      `/svc/archive/${encodeURIComponent(blogname)}`,
      {
        post_type: filters.postType,
        tag: filters.tag,
        month: filters.month,
        before_id: beforeId ?? undefined,
      },
      { noCache: true },
    )
    .then(pageFromWire);
}
