// Search across blogs: the page header's search box, the search page (/search/{term},
// /search?q=), and the posts with a tag on every blog (/tagged/{tag}). The filter controls,
// the words and the addresses serve the blog viewer's own search too.
export { HeaderSearch } from './components/HeaderSearch';
export { SearchFilterFields, type SearchFilterValues } from './components/SearchFilterFields';
export { SearchPage } from './components/SearchPage';
export { TaggedPage } from './components/TaggedPage';
export {
  pathSegment,
  SITE_SEARCH_DEFAULTS,
  siteSearchFromLocation,
  siteSearchPath,
  taggedPath,
  type SiteSearchParams,
} from './searchLocation';
export { nothingHereAbout, SEARCH_FAILED } from './searchWords';
