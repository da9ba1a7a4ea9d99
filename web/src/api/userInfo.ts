// The user model, as every call that answers one (user info, login, register, a new blog or
// group, the current blog) makes it a client model.
import type { ApiClient } from './client';
import { undecidedOwnership, userInfoFromWire, type UserInfo } from './models';
import type { BlogWithActivity } from './types/BlogWithActivity';
import type { TumblelogQuery } from './types/TumblelogQuery';
import type { UserInfo as WireUserInfo } from './types/UserInfo';

/**
 * The answer's user model. Its list of blogs does not say where the user's own end and the
 * groups of others they are a member of begin when the user is an admin of groups at that
 * turn (models.ts, ownershipBounds): each of those is asked for once (its `is_mine`, in
 * parallel) so that reordering sends /order the user's own blogs alone and nothing acts as a
 * blog that is not theirs. One that cannot be read is taken as the user's own, as the list's
 * order has it first.
 */
export async function userInfoOf(api: ApiClient, w: WireUserInfo): Promise<UserInfo> {
  const undecided = undecidedOwnership(w);
  if (undecided.length === 0) return userInfoFromWire(w);
  const others = await Promise.all(
    undecided.map((name) =>
      api
        .get<BlogWithActivity, TumblelogQuery>('/svc/data/tumblelog', { tumblelog: name })
        .then((blog) => (blog.is_mine ? null : name))
        .catch(() => null),
    ),
  );
  return userInfoFromWire(w, new Set(others.filter((name) => name !== null)));
}
