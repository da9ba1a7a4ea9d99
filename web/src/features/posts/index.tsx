// Reading posts: one post of any type (PostView), and a page's posts with infinite scroll and
// the composer's saves put in (PostList), or any list of posts as a feed (PostFeed), such as
// search results read by offset (useOffsetPostPages). The pages that show them are the
// dashboard, the blog pages, the search pages and the post's own page (usePost loads that
// one post, and the docking area's). A post's content and a reblog's trail are also drawn
// alone (the composer shows what a reblog carries with them): outside a PostView they show
// whole. A page may say something over each of its posts (PostNoticeContext: the Processing
// page's progress). Spec 002's paged screens (the archive, the blog viewer's search) scroll
// for more by their own rule (usePercentScrollPager).
export { PostContentView } from './components/content/PostContentView';
export { PostFeed } from './components/PostFeed';
export { PostList } from './components/PostList';
export { PostView } from './components/PostView';
export { ReblogTrail } from './components/ReblogTrail';
export { PostNoticeContext, type PostNotice } from './postNoticeContext';
export {
  announceChangedPost,
  announceRemovedPost,
  announceSavedPost,
  useChangedPosts,
  useChangedPostsById,
  useRemovedPosts,
  useSavedPosts,
} from './savedPosts';
export { TagPageContext, type TagPage } from './tagPageContext';
export { useOffsetPostPages, type OffsetPostPages } from './useOffsetPostPages';
export { usePost } from './usePost';
export { usePercentScrollPager } from './usePercentScrollPager';
