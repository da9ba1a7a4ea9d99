// The shape of a blog's header image where it shows largest: the blog page, whose card spans
// the page's 540 px column (.page--narrow, styles/pages.css) with a 104 px header strip
// (.blog-card__header, styles/blog-card.css). Narrower cards (the dashboard's, Edit
// appearance's preview) have a strip of the same height: a stretched header covers it and
// shows the middle of the framing, one not stretched shows all of it, smaller. Edit appearance
// crops the focused header image to this shape, so keep it in step with those two rules.

/** The blog page's header strip, in CSS pixels. */
export const BLOG_HEADER_SIZE = { width: 540, height: 104 } as const;

/** Width over height of the blog page's header strip. */
export const BLOG_HEADER_ASPECT = BLOG_HEADER_SIZE.width / BLOG_HEADER_SIZE.height;
