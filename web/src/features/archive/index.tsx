// A blog's archive (spec 002 §2 Archive page): /blog/{name}/archive and the paths under it,
// the posts as tiles by month with a post-type filter menu. Its addresses serve the links to
// it from the blog's pages and the blog viewer. The page itself is not exported here: App
// loads it from its module when first shown (issue 35), and code on the first page imports
// this index for the addresses.
export { archivePath, archiveViewOf, type ArchiveView } from './archiveLocation';
