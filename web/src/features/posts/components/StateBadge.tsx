import type { Post } from '../../../api/postModels';
import { formatPostDate } from '../postDate';

/** The words for a post that is not out yet, or not for everyone (spec 001 §4 Post states). */
function stateLabel(post: Post): string | null {
  switch (post.state) {
    case 'published':
      return null;
    case 'draft':
      return 'Draft';
    case 'queued':
      return 'Queued';
    case 'scheduled':
      return post.publishOn === null ? 'Scheduled' : `Scheduled for ${formatPostDate(post.publishOn)}`;
    case 'private':
      return 'Private';
    case 'transcoding':
      return 'Processing';
    // Waiting in the inbox: a question (an ask is a note) or a post someone submitted.
    case 'unapproved':
      return post.content.type === 'note' ? 'Question' : 'Submission';
  }
}

/** A badge on the owner's posts that are not published; nothing on the others. */
export function StateBadge({ post }: { post: Post }) {
  const label = post.isMine ? stateLabel(post) : null;
  if (!label) return null;
  return <span className={`post-state post-state--${post.state}`}>{label}</span>;
}
