// The blog card (spec 000 §2.5): header image, avatar, title, description, follow and
// unfollow, an info popover and the highlighted posts.
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { Blog } from '../../api/models';
import { Avatar } from '../../components/Avatar';
import { backgroundTint } from '../../lib/color';
import { fontFamilyOf } from '../../lib/fontFamily';
import { useBlog } from '../blogs';
import { CardForms } from './components/CardForms';
import { DescriptionPreview } from './descriptionPreview';
import { BlogDescription } from './components/BlogDescription';
import { BlogInfoPopover } from './components/BlogInfoPopover';
import { FollowButtons } from './components/FollowButtons';
import { HighlightedPosts } from './components/HighlightedPosts';

export { BLOG_HEADER_ASPECT, BLOG_HEADER_SIZE } from './headerShape';

/**
 * A card for a blog already in the blog store (lists put their blogs there first). A `live`
 * card follows its blog's posts channel to keep its highlighted posts current: for a card
 * shown alone with its blog (its page, the blog viewer drawer), not for lists of cards.
 */
export function BlogCard({
  name,
  headingLevel = 2,
  live = false,
}: {
  name: string;
  headingLevel?: 1 | 2 | 3;
  live?: boolean;
}) {
  const blog = useBlog(name);
  if (!blog) return null;
  return <BlogCardView blog={blog} headingLevel={headingLevel} live={live} />;
}

/**
 * The card of `blog` as given, painted in its theme: colours, title font (the catalogue's
 * family) and weight, avatar shape, header image. `preview` paints only the look, for Edit
 * appearance's live preview of a theme not yet saved: no controls or links, and the
 * description as typed (the server has not sanitised it yet).
 */
export function BlogCardView({
  blog,
  headingLevel = 2,
  preview = false,
  live = false,
}: {
  blog: Blog;
  headingLevel?: 1 | 2 | 3;
  preview?: boolean;
  live?: boolean;
}) {
  const { theme } = blog;
  const Heading = `h${headingLevel}` as const;
  const headerImage = theme.showHeaderImage && theme.headerImageFocused;
  const blogPath = `/blog/${encodeURIComponent(blog.name)}`;
  const avatar = <Avatar url={blog.avatarUrl} size={64} shape={theme.avatarShape} label={`${blog.name}'s avatar`} />;
  // Without its title shown (show_title off, or none given) the name is the heading, once.
  const showsTitle = theme.showTitle && blog.title !== '';
  const title = showsTitle ? blog.title : blog.name;

  return (
    <article
      className={preview ? 'blog-card blog-card--preview' : 'blog-card'}
      aria-label={preview ? `Preview of ${blog.name}` : blog.name}
      style={{
        ['--blog-bg' as string]: theme.backgroundColor,
        ['--blog-title' as string]: theme.titleColor,
        ['--blog-link' as string]: theme.linkColor,
      }}
    >
      <div className="blog-card__header" style={{ backgroundColor: theme.backgroundColor }}>
        {headerImage && (
          <img
            className="blog-card__header-image"
            src={headerImage}
            alt=""
            // Stretched, it covers the strip (a narrower card shows the middle of the framing).
            // Not stretched, it keeps its own size but never shows less than the owner framed:
            // a framed crop is made at up to twice the strip's width (MAX_CROP_WIDTH), so at
            // its own size only its middle would fit.
            style={{ objectFit: theme.headerStretch ? 'cover' : 'scale-down' }}
          />
        )}
        {!preview && (
          <div className="blog-card__tools">
            <BlogInfoPopover blog={blog} />
            <FollowButtons blog={blog} />
          </div>
        )}
      </div>
      <div className="blog-card__body">
        {theme.showAvatar &&
          (preview ? (
            <span className="blog-card__avatar">{avatar}</span>
          ) : (
            <Link to={blogPath} className="blog-card__avatar">
              {avatar}
            </Link>
          ))}
        <Heading
          className="blog-card__title"
          style={{ fontFamily: fontFamilyOf(theme.titleFont), fontWeight: theme.titleFontWeight === 'bold' ? 700 : 400 }}
        >
          {preview ? <span>{title}</span> : <Link to={blogPath}>{title}</Link>}
        </Heading>
        {showsTitle && <p className="blog-card__name muted">{blog.name}</p>}
        {theme.showDescription &&
          (preview ? (
            blog.description && <DescriptionPreview description={blog.description} />
          ) : (
            <BlogDescription html={blog.descriptionHtml} />
          ))}
        {/* Keyed: one blog's confirmation is not shown on the next blog's card. */}
        {!preview && <CardForms key={blog.name} blog={blog} />}
      </div>
      {!preview && <HighlightedPosts blog={blog.name} live={live} />}
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
