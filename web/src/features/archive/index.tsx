// A blog's archive (spec 002 §2 Archive page): /blog/{name}/archive and the paths under it,
// the posts as tiles by month with a post-type filter menu. Its addresses serve the links to
// it from the blog's pages and the blog viewer.
export { BlogArchivePage } from './components/BlogArchivePage';
export { archivePath, archiveViewOf, type ArchiveView } from './archiveLocation';
