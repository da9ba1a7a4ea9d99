import { produce } from 'immer';
import type { Blog } from '../../api/models';

/** Blogs seen so far, keyed by name (spec 002 §3 "Blog (keyed by name)"). */
export interface BlogsState {
  byName: Record<string, Blog>;
}

export type BlogsAction =
  | { type: 'received'; blogs: Blog[] }
  | { type: 'followingSet'; name: string; following: boolean };

export const initialBlogsState: BlogsState = { byName: {} };

export function blogsReducer(state: BlogsState, action: BlogsAction): BlogsState {
  return produce(state, (draft) => {
    switch (action.type) {
      case 'received':
        for (const blog of action.blogs) {
          const known = draft.byName[blog.name];
          // A blog from a list has no activity data; keep what a fuller load brought earlier.
          const fresh = Object.fromEntries(
            Object.entries(blog).filter(([, value]) => value !== undefined),
          ) as Partial<Blog>;
          draft.byName[blog.name] = known ? { ...known, ...fresh } : blog;
        }
        break;
      case 'followingSet': {
        const blog = draft.byName[action.name];
        if (!blog || blog.following === action.following) break;
        blog.following = action.following;
        blog.followerCount = Math.max(0, blog.followerCount + (action.following ? 1 : -1));
        break;
      }
    }
  });
}
