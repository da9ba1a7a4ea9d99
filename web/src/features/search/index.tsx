// Search across blogs: the page header's search box, the search page (/search/{term},
// /search?q=), and the posts with a tag on every blog (/tagged/{tag}). The filter controls,
// the words and the addresses serve the blog viewer's own search too. The two pages are not
// exported here: App loads them from their modules when first shown (issue 35), and the page
// header imports this index, which would put them in the first page's JavaScript.
export { HeaderSearch } from './components/HeaderSearch';
export { SearchFilterFields, type SearchFilterValues } from './components/SearchFilterFields';
export {
  pathSegment,
  SITE_SEARCH_DEFAULTS,
  siteSearchFromLocation,
  siteSearchPath,
  taggedPath,
  type SiteSearchParams,
} from './searchLocation';
export { nothingHereAbout, SEARCH_FAILED } from './searchWords';
