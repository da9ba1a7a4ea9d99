// /tagged/{tag}: the posts with a tag on every blog, newest first or top first, a page at a
// time as the reader scrolls. For visitors too.
import { useLocation, useSearch } from 'wouter';
import { useApi } from '../../../api/ApiProvider';
import { fetchTagged } from '../../../api/searchEndpoints';
import { PostFeed, useOffsetPostPages } from '../../posts';
import { taggedPath, taggedSortFromLocation } from '../searchLocation';
import { SEARCH_FAILED } from '../searchWords';
import { SearchFilterFields } from './SearchFilterFields';

export function TaggedPage({ tag }: { tag: string }) {
  const api = useApi();
  const [, navigate] = useLocation();
  const sort = taggedSortFromLocation(useSearch());
  const results = useOffsetPostPages({
    queryKey: ['tagged', tag, sort],
    fetchPage: (offset) => fetchTagged(api, tag, sort, offset),
    errorText: SEARCH_FAILED,
  });
  return (
    <div className="page page--narrow search-page">
      <h1 className="page__title">#{tag}</h1>
      <div className="card search-page__controls">
        <SearchFilterFields
          className="search-filters--inline"
          values={{ sort }}
          onChange={(change) => change.sort && navigate(taggedPath(tag, change.sort))}
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
