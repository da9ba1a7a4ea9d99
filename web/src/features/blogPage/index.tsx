// /blog/{name}, /blog/{name}/tagged/{tag}, /blog/{name}/followers, /members and /activity; a post's own page,
// /blog/{name}/post/{id}(/{slug}); the owner's /blog/{name}/drafts, /queue and /processing.
import { useMemo, useState } from 'react';
import { Link } from 'wouter';
import { archivePath } from '../archive';
import { GroupMembersSection } from '../groups';
import { PostList, TagPageContext } from '../posts';
import { taggedPath } from '../search';
import { ActivitySection } from './components/ActivitySection';
import { BlogPageFrame } from './components/BlogPageFrame';
import { FollowersSection } from './components/FollowersSection';
import { OnePost } from './components/OnePost';
import { OwnerPostsSection, type OwnerPostsPage } from './components/OwnerPostsSection';
import { channel } from '../../api/realtime';

export type { OwnerPostsPage };

export function BlogPage({ name }: { name: string }) {
  // Live for everyone: a visitor's socket reads a public blog's posts too.
  return (
    <BlogPageFrame name={name}>
      {(blog) => (
        <section aria-label={`${blog.name} posts`}>
          <PostList
            page={{ root: 'blog', blog: blog.name }}
            label={`${blog.name} posts`}
            empty={<p>No posts yet.</p>}
            live={[channel.posts(blog.name)]}
          />
        </section>
      )}
    </BlogPageFrame>
  );
}

/**
 * /blog/{name}/tagged/{tag}: the blog's posts with one tag, the one its owner pinned for the
 * tag first (spec 002 §7 /svc/promote).
 */
export function BlogTagPage({ name, tag }: { name: string; tag: string }) {
  // Pinning reorders the page: it is listed again.
  const [listing, setListing] = useState(0);
  const tagPage = useMemo(() => ({ tag, pinsChanged: () => setListing((n) => n + 1) }), [tag]);
  return (
    <BlogPageFrame name={name}>
      {(blog) => (
        <section aria-label={`${blog.name} posts tagged #${tag}`}>
          <h2 className="section-title">#{tag}</h2>
          <p className="blog-page__tagged-everywhere">
            <Link to={taggedPath(tag)}>#{tag} on every blog</Link>
            <span aria-hidden="true"> · </span>
            <Link to={archivePath(blog.name, { kind: 'tagged', tag })}>#{tag} in the archive</Link>
          </p>
          <TagPageContext.Provider value={tagPage}>
            <PostList
              key={listing}
              page={{ root: 'blog', blog: blog.name, tag }}
              label={`${blog.name} posts tagged #${tag}`}
              empty={<p>No posts tagged #{tag} yet.</p>}
              live={[channel.posts(blog.name)]}
            />
          </TagPageContext.Provider>
        </section>
      )}
    </BlogPageFrame>
  );
}

/** One post, whole, under its blog's card. */
export function BlogPostPage({ name, postId }: { name: string; postId: number }) {
  return <BlogPageFrame name={name}>{(blog) => <OnePost blog={blog.name} postId={postId} />}</BlogPageFrame>;
}

/** A blog's drafts, queue or videos still processing: its owner's pages, oldest first. */
export function BlogOwnerPostsPage({ name, page }: { name: string; page: OwnerPostsPage }) {
  return <BlogPageFrame name={name}>{(blog) => <OwnerPostsSection blog={blog} page={page} />}</BlogPageFrame>;
}

export function BlogFollowersPage({ name }: { name: string }) {
  return <BlogPageFrame name={name}>{(blog) => <FollowersSection blog={blog} />}</BlogPageFrame>;
}

export function BlogActivityPage({ name }: { name: string }) {
  return (
    <BlogPageFrame name={name} notifications>
      {(blog) => <ActivitySection blog={blog} />}
    </BlogPageFrame>
  );
}

/** The blog's members (spec 000 §2.2 Members): a group blog's, or word that it is not one. */
export function BlogMembersPage({ name }: { name: string }) {
  return <BlogPageFrame name={name}>{(blog) => <GroupMembersSection blog={blog} />}</BlogPageFrame>;
}
