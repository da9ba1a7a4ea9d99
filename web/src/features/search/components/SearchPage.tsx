// The search across blogs (/search/{term}, /search?q={term}; spec 000 §2.12): the results
// of the address's term and filters, a page at a time as the reader scrolls. Changing a
// filter goes to /search/{term} with the new filters, q left out.
import { Link, useLocation, useSearch } from 'wouter';
import { useApi } from '../../../api/ApiProvider';
import { fetchSiteSearch } from '../../../api/searchEndpoints';
import { PostFeed, useOffsetPostPages } from '../../posts';
import { rawSearch, siteSearchFromLocation, siteSearchPath, taggedPath, type SiteSearchParams } from '../searchLocation';
import { nothingHereAbout, SEARCH_FAILED } from '../searchWords';
import { SearchFilterFields, type SearchFilterValues } from './SearchFilterFields';

export function SearchPage({ pathTerm }: { pathTerm?: string }) {
  const api = useApi();
  const [, navigate] = useLocation();
  const params = siteSearchFromLocation(pathTerm, rawSearch(useSearch()));
  const { term } = params;
  const results = useOffsetPostPages({
    queryKey: ['siteSearch', params],
    enabled: term !== '',
    fetchPage: (offset) =>
      fetchSiteSearch(api, term, { sort: params.sort, postType: params.postType, filterNsfw: params.filterNsfw }, offset),
    errorText: SEARCH_FAILED,
  });

  const onChange = (change: Partial<SearchFilterValues>) => {
    const next: SiteSearchParams = {
      ...params,
      sort: change.sort ?? params.sort,
      postType: change.postType ?? params.postType,
      filterNsfw: change.safeSearch ?? params.filterNsfw,
    };
    navigate(siteSearchPath(next));
  };

  // The tag the term names: a tag never holds # or a comma (src/posts/tags.rs), so a search
  // for #travel offers #travel, not ##travel. Its page keeps the search's type and safe search
  // (its own order is newest first).
  const tag = term.replace(/[#,]/g, '').trim();

  return (
    <div className="page page--narrow search-page">
      <h1 className="page__title">{term === '' ? 'Search' : `Search results for ${term}`}</h1>
      <div className="card search-page__controls">
        <SearchFilterFields
          className="search-filters--inline"
          values={{ sort: params.sort, postType: params.postType, safeSearch: params.filterNsfw }}
          onChange={onChange}
        />
        {tag !== '' && (
          <Link
            to={taggedPath(tag, { postType: params.postType, filterNsfw: params.filterNsfw })}
            className="search-page__tagged"
          >
            Posts tagged #{tag}
          </Link>
        )}
      </div>
      {term === '' ? (
        <p className="empty-state">Type what to look for in the search box above.</p>
      ) : (
        <PostFeed
          view={results.state}
          label={`Search results for ${term}`}
          empty={<p>{nothingHereAbout(term)}</p>}
          loadMore={results.loadMore}
          retry={results.retry}
        />
      )}
    </div>
  );
}
