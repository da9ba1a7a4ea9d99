// When to celebrate: the save that made a blog's first post. The save answer's post_count
// (context_tumblelog) counts the blog's published posts after this save, so a new post that
// is published and brings the count to 1 is the first: the count was 0 before it.
import type { SaveAnswer } from '../../api/types/SaveAnswer';

export function isFirstPost(answer: Pick<SaveAnswer, 'created_post' | 'post' | 'context_tumblelog'>): boolean {
  return answer.created_post && answer.post.state === 'published' && answer.context_tumblelog.post_count === 1;
}
