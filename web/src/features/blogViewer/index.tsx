// The blog viewer drawer (spec 000 §2.10, §4, §9): opened on a blog from a post's header,
// it shows the blog's header and posts without leaving the page.
export { BlogViewerDrawer } from './components/BlogViewerDrawer';
export { BlogLink, BlogViewerProvider, useBlogViewer, type BlogViewerRequest, type OpenBlogOptions } from './opener';
