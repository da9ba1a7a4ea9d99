// The pages that list posts, as the reading side sees them: which way they are ordered, and
// which saved posts belong on them (spec 001 §4 After save).
import type { PostPageRoot } from '../../api/postEndpoints';
import type { Post, PostContextPage, SavedPost } from '../../api/postModels';

/**
 * The dashboard, the likes and a blog's posts are newest first, so new posts come in at the
 * top, fetched `before` the first one shown. Drafts, the queue and processing are oldest
 * first, so new ones come in at the bottom, `after` the last one shown (api.md "Posts").
 */
export function isNewestFirst(page: PostPageRoot): boolean {
  return page.root === 'dashboard' || page.root === 'likes' || page.root === 'blog';
}

/** A key that changes when the page does, to start its list over. */
export function pageKey(page: PostPageRoot): string {
  if (page.root === 'blog' && page.tag) return `blog:${page.blog}:${page.tag.toLowerCase()}`;
  return 'blog' in page ? `${page.root}:${page.blog}` : page.root;
}

/**
 * Whether a saved post is listed on `page`. The save answer names the post's page
 * (`post_context_page`): a published post's is the dashboard, which its blog's page lists
 * too; a private post's is its blog's page only (for its owner).
 */
export function belongsOn(page: PostPageRoot, saved: SavedPost): boolean {
  const { post, contextPage } = saved;
  switch (page.root) {
    case 'dashboard':
      return contextPage === 'dashboard';
    case 'likes':
      // A new post is nobody's like yet.
      return false;
    case 'blog': {
      const tag = page.tag?.toLowerCase();
      const tagged = !tag || post.tags.some((t) => t.toLowerCase() === tag);
      return (contextPage === 'dashboard' || contextPage === 'blog') && post.blogName === page.blog && tagged;
    }
    case 'drafts':
    case 'queue':
    case 'processing':
    case 'inbox':
      return contextPage === page.root && post.blogName === page.blog;
  }
}

/**
 * The page a post in `state` is listed on, as a save answer names it (`post_context_page`):
 * for a post read again rather than saved here.
 */
export function contextPageOf(state: Post['state']): PostContextPage {
  switch (state) {
    case 'published':
      return 'dashboard';
    case 'private':
      return 'blog';
    case 'draft':
      return 'drafts';
    case 'queued':
    case 'scheduled':
      return 'queue';
    case 'transcoding':
      return 'processing';
    case 'unapproved':
      return 'inbox';
  }
}
