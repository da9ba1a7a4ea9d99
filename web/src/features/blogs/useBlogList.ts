import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import type { ApiClient } from '../../api/client';
import type { Blog } from '../../api/models';
import { loadError } from '../../api/queryClient';
import { useBlogsDispatch } from './blogStore';

export interface BlogList {
  names: string[];
  loading: boolean;
  error: string | null;
  reload(): void;
}

/**
 * Loads a list of blogs (explore, following) into the store and keeps their order. `list`
 * names the list in the query cache: one name, one `load`.
 */
export function useBlogList(list: string, load: (api: ApiClient) => Promise<Blog[]>): BlogList {
  const api = useApi();
  const dispatch = useBlogsDispatch();
  const query = useQuery({
    queryKey: ['blogList', list],
    // The blogs go to the store, which every card reads; the list keeps their order.
    queryFn: async () => {
      const blogs = await load(api);
      dispatch({ type: 'received', blogs });
      return blogs.map((b) => b.name);
    },
  });
  return {
    names: query.data ?? [],
    // A list shown before stays up while it is loaded again.
    loading: query.isFetching && query.data === undefined,
    error: loadError(query),
    reload: () => void query.refetch(),
  };
}
