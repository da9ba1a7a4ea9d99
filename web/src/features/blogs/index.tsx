// The blogs the app has seen (the blog store), and the hooks that load a blog or a list of
// blogs into it and follow or unfollow one.
export { BlogStoreProvider, useBlog, useBlogsDispatch } from './blogStore';
export { useBlogData, type BlogLoad } from './useBlogData';
export { useBlogList, type BlogList } from './useBlogList';
export { UNFOLLOW_CONFIRM, useFollow, type FollowControl } from './useFollow';
