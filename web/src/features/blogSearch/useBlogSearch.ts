// One blog's search in the blog viewer (spec 002 §4 Blog search, §7 Search): its model, the
// results of its submitted term, a page at a time by next_offset, and the blog's popular tags
// for the typeahead.
import { useQuery } from '@tanstack/react-query';
import { useReducer, type Dispatch } from 'react';
import { useApi } from '../../api/ApiProvider';
import { fetchBlogSearch, fetchBlogSearchTypeahead } from '../../api/searchEndpoints';
import { useOffsetPostPages, type OffsetPostPages } from '../posts';
import { SEARCH_FAILED } from '../search';
import {
  blogSearchReducer,
  blogSearchRequest,
  initialBlogSearchModel,
  type BlogSearchAction,
  type BlogSearchModel,
  type BlogSearchRequest,
} from './blogSearchModel';

export interface BlogSearch {
  model: BlogSearchModel;
  dispatch: Dispatch<BlogSearchAction>;
  /** What the search asks for: its term and filters; null before a term is submitted. */
  request: BlogSearchRequest | null;
  /** The submitted term's results; null before a term is submitted (the blog's posts show). */
  results: OffsetPostPages | null;
  /** The blog's popular tags, most used first; none until the search opens. */
  tags: string[];
}

export function useBlogSearch(blogname: string): BlogSearch {
  const api = useApi();
  const [model, dispatch] = useReducer(blogSearchReducer, blogname, initialBlogSearchModel);
  const request = blogSearchRequest(model);
  const results = useOffsetPostPages({
    queryKey: ['blogSearch', request],
    enabled: request !== null,
    fetchPage: (offset) =>
      request
        ? fetchBlogSearch(api, request.blogname, request.term, request.filters, offset)
        : Promise.resolve({ posts: [], nextOffset: -1 }),
    errorText: SEARCH_FAILED,
    blog: blogname,
  });
  // The typeahead is a help, not a need: if its tags fail to come, it stays hidden.
  const typeahead = useQuery({
    queryKey: ['blogSearchTypeahead', blogname],
    queryFn: () => fetchBlogSearchTypeahead(api, blogname),
    enabled: model.active,
  });
  return { model, dispatch, request, results: request ? results : null, tags: typeahead.data ?? [] };
}
