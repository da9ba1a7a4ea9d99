// /tagged/{tag}: the posts with a tag on every blog, newest first or top first, of one post
// type or any, with safe search or not (the search's filters, in the address as the search
// page has them), a page at a time as the reader scrolls. For visitors too.
import { useLocation, useSearch } from 'wouter';
import { useApi } from '../../../api/ApiProvider';
import { fetchTagged } from '../../../api/searchEndpoints';
import { PostFeed, useOffsetPostPages } from '../../posts';
import { rawSearch, taggedFromLocation, taggedPath, type TaggedParams } from '../searchLocation';
import { SEARCH_FAILED } from '../searchWords';
import { SearchFilterFields, type SearchFilterValues } from './SearchFilterFields';

export function TaggedPage({ tag }: { tag: string }) {
  const api = useApi();
  const [, navigate] = useLocation();
  const params = taggedFromLocation(rawSearch(useSearch()));
  const results = useOffsetPostPages({
    queryKey: ['tagged', tag, params],
    fetchPage: (offset) => fetchTagged(api, tag, params, offset),
    errorText: SEARCH_FAILED,
  });
  const onChange = (change: Partial<SearchFilterValues>) => {
    const next: TaggedParams = {
      sort: change.sort ?? params.sort,
      postType: change.postType ?? params.postType,
      filterNsfw: change.safeSearch ?? params.filterNsfw,
    };
    navigate(taggedPath(tag, next));
  };
  return (
    <div className="page page--narrow search-page">
      <h1 className="page__title">#{tag}</h1>
      <div className="card search-page__controls">
        <SearchFilterFields
          className="search-filters--inline"
          values={{ sort: params.sort, postType: params.postType, safeSearch: params.filterNsfw }}
          onChange={onChange}
        />
      </div>
      <PostFeed
        view={results.state}
        label={`Posts tagged #${tag}`}
        empty={<p>No posts tagged #{tag} yet.</p>}
        loadMore={results.loadMore}
        retry={results.retry}
      />
    </div>
  );
}
