import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import type { Blog } from '../../../api/models';
import { LoadError } from '../../../components/LoadError';
import { PageLoader } from '../../../components/PageLoader';
import { formatCount } from '../../../lib/format';
import { archivePath } from '../../archive';
import { BlogCard, useBodyBackground } from '../../blogCard';
import { useBlogData } from '../../blogs';

/**
 * What every /blog/{name}… page shares: loading the blog, the card, its counts and the tabs
 * (Posts, Followers, Archive, Activity). The page body goes below.
 */
export function BlogPageFrame({
  name,
  notifications = false,
  children,
}: {
  name: string;
  notifications?: boolean;
  children?: (blog: Blog) => ReactNode;
}) {
  const { blog, loading, error, reload } = useBlogData(name, { notifications, refresh: true });
  useBodyBackground(blog?.theme.backgroundColor);

  if (!blog && loading) return <PageLoader label={`Loading ${name}`} />;
  if (!blog) {
    return (
      <div className="page page--narrow">
        <LoadError message={error ?? `There's no blog named ${name}.`} onRetry={reload} />
      </div>
    );
  }
  return (
    <div className="page page--narrow blog-page">
      <BlogCard name={blog.name} headingLevel={1} live />
      <p className="blog-page__stats" aria-label="Blog stats">
        <span>{blog.postCount === 1 ? '1 post' : `${formatCount(blog.postCount)} posts`}</span>
        <span aria-hidden="true"> · </span>
        <span data-testid="blog-follower-count">
          {blog.followerCount === 1 ? '1 follower' : `${formatCount(blog.followerCount)} followers`}
        </span>
        {blog.canViewCustomize && (
          <>
            <span aria-hidden="true"> · </span>
            <Link to={`/settings/blog/${encodeURIComponent(blog.name)}`}>Edit appearance</Link>
          </>
        )}
      </p>
      <BlogTabs blog={blog} />
      {children?.(blog)}
    </div>
  );
}

function BlogTabs({ blog }: { blog: Blog }) {
  const [location] = useLocation();
  const base = `/blog/${encodeURIComponent(blog.name)}`;
  // The owner's pages show as tabs when they hold posts, as the account menu lists them
  // (spec 000 §2.2), and while one is open; a group's members write it, so they have them too.
  const writes = blog.isMine || blog.memberRole !== null;
  const ownerPages = [
    { href: `${base}/drafts`, label: 'Drafts', count: blog.draftCount },
    { href: `${base}/queue`, label: 'Queue', count: blog.queuedPostCount },
    { href: `${base}/processing`, label: 'Processing', count: blog.transcodingCount },
  ].filter((tab) => writes && ((tab.count ?? 0) > 0 || location === tab.href));
  const tabs = [
    { href: base, label: 'Posts' },
    { href: `${base}/followers`, label: 'Followers' },
    { href: archivePath(blog.name), label: 'Archive' },
    ...(blog.isMine
      ? [
          { href: `${base}/activity`, label: 'Activity' },
          // The account menu shows Analytics only for premium partners (spec 000 §2.2); the
          // owner reaches their figures from here whatever the flags.
          { href: `${base}/analytics`, label: 'Analytics' },
        ]
      : []),
    ...ownerPages,
  ];
  return (
    <nav className="blog-tabs" aria-label={`${blog.name} pages`}>
      {tabs.map((tab) => (
        <Link
          key={tab.href}
          to={tab.href}
          className="blog-tabs__tab"
          aria-current={location === tab.href ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

