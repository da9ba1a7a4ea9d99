// The calls that read posts (docs/api.md "Posts"), one function each, returning client
// models. Saving and fetching a post for the composer are the composer's.
import type { ApiClient } from './client';
import { blogFromWire, type Blog } from './models';
import { postFromWire, type Post } from './postModels';
import type { HeaderSave } from './types/HeaderSave';
import type { IndashHeader } from './types/IndashHeader';
import type { IndashHeaderQuery } from './types/IndashHeaderQuery';
import type { IndashQuery } from './types/IndashQuery';
import type { NoteCountsQuery } from './types/NoteCountsQuery';
import type { NotesQuery } from './types/NotesQuery';
import type { PageQuery } from './types/PageQuery';
import type { IndashPosts } from './types/IndashPosts';
import type { NoteCounts } from './types/NoteCounts';
import type { Notes } from './types/Notes';
import { webUrl } from '../lib/webUrl';
import type { PostPage } from './types/PostPage';

/**
 * A page that lists posts (`page_root`): the user's dashboard, the posts they like, a blog's
 * posts, or one of the owner's pages of a blog (its drafts, its queue, its videos still
 * processing).
 */
export type PostPageRoot =
  | { root: 'dashboard' | 'likes' }
  | { root: 'blog'; blog: string; tag?: string }
  | { root: 'drafts' | 'queue' | 'processing' | 'inbox'; blog: string };

/** `after` a post: the ones below it on the page; `before`: the ones above it. */
export type PageDirection = 'before' | 'after';

/** Posts a page answers at most (generated from the server's). */
export { POST_PAGE_SIZE } from './limits';

/** The post a page continues from: its id, and on the likes page when it was liked. */
export type PageCursor = Pick<Post, 'id' | 'likedTimestamp' | 'date'>;

/**
 * GET /svc/post/{page_root}/{direction}/{ref_post_id}: up to 10 posts below (`after`) or
 * above (`before`) `from` on the page, in the page's order; without `from`, the page's
 * start. The likes page places `from` by its like's time, so unliking it loses no place; the
 * dashboard and a blog page by its date, so deleting it loses none either.
 * Never from the HTTP cache: after a save the same address has new posts.
 */
export function fetchPostPage(
  api: ApiClient,
  page: PostPageRoot,
  direction: PageDirection,
  from?: PageCursor,
): Promise<Post[]> {
  const blog = 'blog' in page ? page.blog : undefined;
  const tag = page.root === 'blog' ? page.tag : undefined;
  const likedAt = page.root === 'likes' ? (from?.likedTimestamp ?? undefined) : undefined;
  // Where the cursor post stood, so that the page goes on from there if it was deleted since.
  const at = page.root === 'dashboard' || page.root === 'blog' ? from?.date : undefined;
  return api
    .get<PostPage, PageQuery>(
      `/svc/post/${page.root}/${direction}/${from?.id ?? 0}`,
      { blog, tag, liked_at: likedAt, at },
      { noCache: true },
    )
    .then((answer) => answer.posts.map(postFromWire));
}

export interface BlogPosts {
  posts: Post[];
  blog: Blog;
}

/**
 * GET /svc/indash_blog/posts (spec 000 §7, the blog viewer): one post of a blog (`postId`),
 * or a page of its posts from `offset`. A post only its owner may see is 404 for anyone else.
 */
export function fetchIndashBlogPosts(
  api: ApiClient,
  blog: string,
  which: { postId: number } | { limit?: number; offset?: number },
): Promise<BlogPosts> {
  const query: IndashQuery =
    'postId' in which
      ? { tumblelog_name_or_id: blog, post_id: which.postId }
      : { tumblelog_name_or_id: blog, limit: which.limit, offset: which.offset };
  return api
    .get<IndashPosts, IndashQuery>('/svc/indash_blog/posts', query, { noCache: true })
    .then((answer) => ({ posts: answer.posts.map(postFromWire), blog: blogFromWire(answer.tumblelog) }));
}

/** GET /svc/indash_blog/header (spec 000 §7): the blog viewer's header, the blog as you see it. */
export function fetchIndashBlogHeader(api: ApiClient, blog: string): Promise<Blog> {
  return api
    .get<IndashHeader, IndashHeaderQuery>('/svc/indash_blog/header', { tumblelog_name_or_id: blog }, { noCache: true })
    .then((answer) => blogFromWire(answer.tumblelog));
}

/** One note of a post's chain (docs/api.md "Post actions"). Its texts are plain text. */
export interface Note {
  id: number;
  type: 'like' | 'reblog' | 'reply' | string;
  blogName: string;
  blogUrl: string;
  avatarUrl: string;
  timestamp: number;
  replyText: string | null;
  reblogUrl: string | null;
  /** What a reblog added: its words (plain text, maybe empty) and its tags. */
  reblogComment: string;
  reblogTags: string[];
}

export interface NotesPage {
  noteCount: number;
  notes: Note[];
  /** Pass as `before` for the next page; null on the last. */
  nextBefore: number | null;
}

/**
 * The blog header save (spec 000 §7; POST /svc/indash_blog/header, JSON with the form key):
 * the fields of the blog model that changed (the owner's asks, anonymous asks; anyone's
 * following). Answers the blog as the user now sees it.
 */
export function saveBlogHeader(
  api: ApiClient,
  name: string,
  fields: HeaderSave['tumblelog'],
): Promise<Blog> {
  return api
    .postJson<IndashHeader, HeaderSave>('/svc/indash_blog/header', { tumblelog_name_or_id: name, tumblelog: fields })
    .then((answer) => blogFromWire(answer.tumblelog));
}

/** GET /svc/post/note_counts: the note counts of posts (those the reader may read), by id. */
export function fetchNoteCounts(api: ApiClient, postIds: number[]): Promise<Map<number, number>> {
  return api
    .get<NoteCounts, NoteCountsQuery>('/svc/post/note_counts', { post_ids: postIds.join(',') }, { noCache: true })
    .then((answer) => new Map(answer.counts.map((c) => [c.post_id, c.note_count])));
}

/** Posts one note-counts call asks about at most (docs/api.md). */
export const MAX_NOTE_COUNTS = 100;

/** GET /svc/post/notes: a post's chain's notes, newest first, 50 a page. */
export function fetchNotes(api: ApiClient, postId: number, before?: number): Promise<NotesPage> {
  return api
    .get<Notes, NotesQuery>('/svc/post/notes', { post_id: postId, before_id: before }, { noCache: true })
    .then((answer) => ({
      noteCount: answer.note_count,
      nextBefore: answer.next_before_id ?? null,
      notes: answer.notes.map((n) => ({
        id: n.id,
        type: n.type,
        blogName: n.blog_name,
        blogUrl: webUrl(n.blog_url),
        avatarUrl: n.avatar_url,
        timestamp: n.timestamp,
        replyText: n.reply_text ?? null,
        reblogUrl: n.reblog_url ? webUrl(n.reblog_url) || null : null,
        reblogComment: n.reblog_comment ?? '',
        reblogTags: n.reblog_tags ?? [],
      })),
    }));
}
