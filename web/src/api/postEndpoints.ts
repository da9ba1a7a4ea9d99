// The calls that read posts (docs/api.md "Posts"), one function each, returning client
// models. Saving and fetching a post for the composer are the composer's.
import type { ApiClient } from './client';
import { blogFromWire, type Blog } from './models';
import { postFromWire, type Post } from './postModels';
import type { IndashPosts } from './types/IndashPosts';
import type { PostPage } from './types/PostPage';

/**
 * A page that lists posts (`page_root`): the user's dashboard, the posts they like, a blog's
 * posts, or one of the owner's pages of a blog (its drafts, its queue, its videos still
 * processing).
 */
export type PostPageRoot =
  | { root: 'dashboard' | 'likes' }
  | { root: 'blog' | 'drafts' | 'queue' | 'processing'; blog: string };

/** `after` a post: the ones below it on the page; `before`: the ones above it. */
export type PageDirection = 'before' | 'after';

/** Posts a page answers at most (api.md: 10 at most). */
export const POST_PAGE_SIZE = 10;

/**
 * GET /svc/post/{page_root}/{direction}/{ref_post_id}: up to 10 posts below (`after`) or
 * above (`before`) `refPostId` on the page, in the page's order; `refPostId` 0 is the page's
 * start. Never from the HTTP cache: after a save the same address has new posts.
 */
export function fetchPostPage(
  api: ApiClient,
  page: PostPageRoot,
  direction: PageDirection,
  refPostId: number,
): Promise<Post[]> {
  const blog = 'blog' in page ? page.blog : undefined;
  return api
    .get<PostPage>(`/svc/post/${page.root}/${direction}/${refPostId}`, { blog }, { noCache: true })
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
  const query =
    'postId' in which
      ? { tumblelog_name_or_id: blog, post_id: which.postId }
      : { tumblelog_name_or_id: blog, limit: which.limit, offset: which.offset };
  return api
    .get<IndashPosts>('/svc/indash_blog/posts', query, { noCache: true })
    .then((answer) => ({ posts: answer.posts.map(postFromWire), blog: blogFromWire(answer.tumblelog) }));
}
