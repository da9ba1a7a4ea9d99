// The blog viewer drawer (spec 000 §2.10, §4, §9): opened on a blog from a post's header,
// it shows the blog's header and posts without leaving the page; opened on a post from a
// link to another blog's post (a reblog trail's, a post's date, a note's reblog). What opens
// it (BlogLink, PostLink, the provider the app wires) is shared: components/blogViewerOpener.
export { BlogViewerDrawer } from './components/BlogViewerDrawer';
