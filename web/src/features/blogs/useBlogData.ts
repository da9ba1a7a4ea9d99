import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/ApiProvider';
import * as endpoints from '../../api/endpoints';
import type { Blog } from '../../api/models';
import { loadError } from '../../api/queryClient';
import { useSession } from '../session';
import { useBlog, useBlogsDispatch } from './blogStore';

export interface BlogLoad {
  blog: Blog | undefined;
  loading: boolean;
  error: string | null;
  reload(): void;
}

/**
 * One blog with its follower and activity data. Loads it with GET /svc/data/tumblelog unless
 * the store already has it (or `enabled` is false, for a row that is still closed).
 * `refresh` loads it once even when the store has it (a blog page wants fresh counts).
 */
export function useBlogData(
  name: string,
  {
    enabled = true,
    notifications = false,
    refresh = false,
  }: { enabled?: boolean; notifications?: boolean; refresh?: boolean } = {},
): BlogLoad {
  const api = useApi();
  const dispatch = useBlogsDispatch();
  const blog = useBlog(name);
  const { user } = useSession();
  const owner = user?.blogs.some((b) => b.name === name) ?? false;
  // A group of someone else's that the user writes: its counts are theirs to see too.
  const member = !owner && (user?.groups.some((b) => b.name === name) ?? false);
  // Only the owner gets notifications, so only the owner can be missing them; the owner and a
  // group's members get the counts, which a blog met in a list (explore, follows) lacks.
  const missing =
    blog === undefined ||
    ((owner || member) && blog.memberCount === undefined) ||
    (owner && notifications && blog.notifications === undefined);
  const load = useQuery({
    queryKey: ['blogData', name, { owner, member, notifications }],
    // The store is what shows (live notifications and follows change it after the load): the
    // answer goes there, and the query only says whether a load is under way or failed.
    queryFn: async () => {
      dispatch({ type: 'received', blogs: [await endpoints.fetchBlogData(api, name, { owner, member, notifications })] });
      return null;
    },
    // The blog arriving (and `missing` turning false) does not cancel the load under way.
    enabled: enabled && (missing || refresh),
  });

  return {
    blog,
    loading: load.isFetching,
    error: loadError(load),
    reload: () => void load.refetch(),
  };
}
