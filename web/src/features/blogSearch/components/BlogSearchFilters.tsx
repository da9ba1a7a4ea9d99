// The blog search's filter popover (spec 002 §2, §9): the search filters on the blog search
// model. Its sort and post types are spelled the blog search's way (POPULARITY_DESC,
// CREATED_DESC; ANY, TEXT, …); the Original Posts and Safe search switches show as the
// model's flags say.
import type { Dispatch } from 'react';
import type { BlogSearchPostType } from '../../../api/searchEndpoints';
import { SearchFilterFields, type SearchFilterValues } from '../../search';
import type { BlogSearchAction, BlogSearchModel } from '../blogSearchModel';

function filterValues(model: BlogSearchModel): SearchFilterValues {
  return {
    sort: model.sort === 'POPULARITY_DESC' ? 'top' : 'recent',
    postType: model.post_type.toLowerCase() as SearchFilterValues['postType'],
    originalOnly: model.showOriginalPostsSwitch ? model.post_role === 'ORIGINAL' : undefined,
    safeSearch: model.showNsfwSwitch ? model.filter_nsfw : undefined,
  };
}

export function BlogSearchFilters({
  id,
  model,
  dispatch,
}: {
  id: string;
  model: BlogSearchModel;
  dispatch: Dispatch<BlogSearchAction>;
}) {
  const onChange = (change: Partial<SearchFilterValues>) => {
    if (change.sort) dispatch({ type: 'sortChanged', sort: change.sort === 'top' ? 'POPULARITY_DESC' : 'CREATED_DESC' });
    if (change.postType) {
      dispatch({ type: 'postTypeChanged', postType: change.postType.toUpperCase() as BlogSearchPostType });
    }
    if (change.originalOnly !== undefined) {
      dispatch({ type: 'postRoleChanged', postRole: change.originalOnly ? 'ORIGINAL' : 'ANY' });
    }
    if (change.safeSearch !== undefined) dispatch({ type: 'nsfwFilterChanged', filterNsfw: change.safeSearch });
  };
  return (
    <div className="popover blog-search__popover" id={id}>
      <SearchFilterFields values={filterValues(model)} onChange={onChange} />
    </div>
  );
}
