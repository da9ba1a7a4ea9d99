// Flagging a post or a blog for the moderators (spec 002 §1 "Shared actions on blogs: … flag",
// §2 the share popover's flagging; docs/api.md "Blogs": /svc/post/flag, /svc/blog/flag). The
// report is filed as the blog the user acts as; the answer carries the words to thank them.
import type { ApiClient } from './client';
import type { FlagForm } from './types/FlagForm';
import type { Flagged } from './types/Flagged';
import type { Reason } from './types/Reason';

export type { Flagged, Reason };

/** What is flagged: a published post, or a blog. */
export type FlagTarget = { kind: 'post'; postId: number } | { kind: 'blog'; blog: string };

/** Why, and what the reporter adds (needed with `other`). */
export interface FlagReport {
  reason: Reason;
  note: string;
}

/**
 * POST /svc/post/flag or /svc/blog/flag. Refusals carry the words to show: bad_reason (400),
 * own_post / own_blog (400), too_many_attempts (429), a post the user cannot see (404).
 */
export function sendFlag(api: ApiClient, target: FlagTarget, { reason, note }: FlagReport): Promise<Flagged> {
  // Each call takes only its own subject's field of the shared form.
  if (target.kind === 'post') {
    return api.post<Flagged, Omit<FlagForm, 'tumblelog'>>('/svc/post/flag', {
      post_id: String(target.postId),
      reason,
      note,
    });
  }
  return api.post<Flagged, Omit<FlagForm, 'post_id'>>('/svc/blog/flag', { tumblelog: target.blog, reason, note });
}
