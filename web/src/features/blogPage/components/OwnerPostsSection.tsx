import type { Blog } from '../../../api/models';
import { PostList } from '../../posts';
import { ProcessingPostList } from '../../videoProcessing';

/** The owner's pages of a blog (spec 000 §2.1 per-blog dashboard links). */
export type OwnerPostsPage = 'drafts' | 'queue' | 'processing' | 'inbox';

export const OWNER_PAGE_TITLES: Record<OwnerPostsPage, string> = {
  drafts: 'Drafts',
  queue: 'Queue',
  processing: 'Processing',
  inbox: 'Inbox',
};

const EMPTY_TEXTS: Record<OwnerPostsPage, string> = {
  drafts: 'No drafts.',
  queue: 'Nothing in the queue.',
  processing: 'No videos are processing.',
  inbox: 'No questions or submissions waiting.',
};

/**
 * The list of one of the owner's pages; anyone else is told it is the owner's. A group blog's
 * members see and edit its drafts, queue and inbox as its owner does (docs/api.md "Group blogs").
 */
export function OwnerPostsSection({ blog, page }: { blog: Blog; page: OwnerPostsPage }) {
  const title = OWNER_PAGE_TITLES[page];
  const writes = blog.isMine || blog.memberRole !== null;
  return (
    <section aria-labelledby="owner-posts-heading">
      <h2 id="owner-posts-heading" className="page__title owner-posts__title">
        {title}
      </h2>
      {!writes ? (
        <p className="card empty-state">Only the owner of {blog.name} can see its {title.toLowerCase()}.</p>
      ) : page === 'processing' ? (
        // Each post with how far its video got.
        <ProcessingPostList
          key={blog.name}
          blog={blog.name}
          label={`${blog.name} ${title.toLowerCase()}`}
          empty={<p>{EMPTY_TEXTS[page]}</p>}
          headingLevel={3}
        />
      ) : (
        <PostList
          // A list per page and blog: its posts start over when either changes.
          key={`${page}:${blog.name}`}
          page={{ root: page, blog: blog.name }}
          label={`${blog.name} ${title.toLowerCase()}`}
          empty={<p>{EMPTY_TEXTS[page]}</p>}
          headingLevel={3}
        />
      )}
    </section>
  );
}
