// The administrators' blog flags (spec 002 §6; docs/api.md "Blogs"): each call flips one flag
// of any blog and answers all three. Anyone else is a 403 `not_admin`.
import type { ApiClient } from './client';
import type { ToggleAnswer } from './types/ToggleAnswer';
import type { ToggleForm } from './types/ToggleForm';

export type BlogFlag = 'spam' | 'nsfw' | 'suspended';

/** A blog's flags after a toggle. */
export interface BlogFlags {
  isSpam: boolean;
  isNsfw: boolean;
  isSuspended: boolean;
}

/** POST /{flag}/toggle: flips `flag` on `blog`. */
export async function toggleBlogFlag(api: ApiClient, flag: BlogFlag, blog: string): Promise<BlogFlags> {
  const w = await api.post<ToggleAnswer, ToggleForm>(`/${flag}/toggle`, { tumblelog: blog });
  return { isSpam: w.is_spam, isNsfw: w.is_nsfw, isSuspended: w.is_suspended };
}
