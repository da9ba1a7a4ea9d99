// The search inside one blog, in the blog viewer drawer (spec 002 §2 In-blog search, §3, §4,
// §5, §9): the search form with its filter and tag typeahead popovers, and what shows under
// the results. The drawer lists the results in place of the blog's posts.
export { BlogSearchForm } from './components/BlogSearchForm';
export { BlogSearchStatus } from './components/BlogSearchStatus';
export { useBlogSearch, type BlogSearch } from './useBlogSearch';
