// The blog card (spec 000 §2.5): header image, avatar, title, description, follow and
// unfollow, an info popover and the highlighted posts.
import { useEffect } from 'react';
import { Link } from 'wouter';
import { Avatar } from '../../components/Avatar';
import { backgroundTint } from '../../lib/color';
import { useBlog } from '../blogs';
import { AskButton } from './components/AskButton';
import { SubmitPostButton } from './components/SubmitPostButton';
import { BlogDescription } from './components/BlogDescription';
import { BlogInfoPopover } from './components/BlogInfoPopover';
import { FollowButtons } from './components/FollowButtons';
import { HighlightedPosts } from './components/HighlightedPosts';

/** A card for a blog already in the blog store (lists put their blogs there first). */
export function BlogCard({ name, headingLevel = 2 }: { name: string; headingLevel?: 1 | 2 | 3 }) {
  const blog = useBlog(name);
  if (!blog) return null;
  const { theme } = blog;
  const Heading = `h${headingLevel}` as const;
  const headerImage = theme.showHeaderImage && theme.headerImageFocused;

  return (
    <article
      className="blog-card"
      aria-label={blog.name}
      style={{ ['--blog-bg' as string]: theme.backgroundColor, ['--blog-title' as string]: theme.titleColor }}
    >
      <div
        className="blog-card__header"
        style={
          headerImage
            ? { backgroundImage: `url("${headerImage}")`, backgroundColor: theme.backgroundColor }
            : { backgroundColor: theme.backgroundColor }
        }
      >
        <div className="blog-card__tools">
          <BlogInfoPopover blog={blog} />
          <FollowButtons blog={blog} />
        </div>
      </div>
      <div className="blog-card__body">
        {theme.showAvatar && (
          <Link to={`/blog/${encodeURIComponent(blog.name)}`} className="blog-card__avatar">
            <Avatar url={blog.avatarUrl} size={64} shape={theme.avatarShape} label={`${blog.name}'s avatar`} />
          </Link>
        )}
        <Heading className="blog-card__title" style={{ fontWeight: theme.titleFontWeight === 'bold' ? 700 : 400 }}>
          <Link to={`/blog/${encodeURIComponent(blog.name)}`}>
            {theme.showTitle && blog.title ? blog.title : blog.name}
          </Link>
        </Heading>
        <p className="blog-card__name muted">{blog.name}</p>
        {theme.showDescription && <BlogDescription html={blog.descriptionHtml} />}
        <AskButton blog={blog} />
        <SubmitPostButton blog={blog} />
      </div>
      <HighlightedPosts blog={blog.name} />
    </article>
  );
}

/**
 * Paints the page in a blog's theme background while a blog page is shown, and marks the
 * body with the background's tint so that text on it stays readable.
 */
export function useBodyBackground(color: string | undefined): void {
  useEffect(() => {
    if (!color) return;
    const { body } = document;
    const previous = body.style.backgroundColor;
    body.style.backgroundColor = color;
    body.dataset.tint = backgroundTint(color);
    return () => {
      body.style.backgroundColor = previous;
      delete body.dataset.tint;
    };
  }, [color]);
}
