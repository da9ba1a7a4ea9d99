// A page that lists posts may say something about each of them, shown over its content: the
// Processing page says how far each held post's video got.
import { createContext, useContext, type ReactNode } from 'react';
import type { Post } from '../../api/postModels';

/** What the page says about `post`; null for nothing. */
export type PostNotice = (post: Post) => ReactNode;

export const PostNoticeContext = createContext<PostNotice | null>(null);

export function usePostNotice(): PostNotice | null {
  return useContext(PostNoticeContext);
}
