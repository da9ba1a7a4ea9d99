import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Blog } from '../../../api/models';
import { InfoIcon } from '../../../components/icons';
import { useDismiss } from '../../../components/useDismiss';
import { formatCount } from '../../../lib/format';

/** The blog card's info button and the small popover it opens: name and follower count. */
export function BlogInfoPopover({ blog }: { blog: Blog }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  useDismiss(panelRef, () => setOpen(false), { enabled: open, ignore: buttonRef });

  return (
    <div className="blog-info">
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={`About ${blog.name}`}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <InfoIcon />
      </button>
      {open && (
        <div ref={panelRef} className="popover blog-info__popover" role="dialog" aria-label={`About ${blog.name}`}>
          <p className="blog-info__name">
            <Link to={`/blog/${encodeURIComponent(blog.name)}`}>{blog.name}</Link>
          </p>
          {blog.title && <p className="muted">{blog.title}</p>}
          <p className="blog-info__followers" data-testid="follower-count">
            {blog.followerCount === 1 ? '1 follower' : `${formatCount(blog.followerCount)} followers`}
          </p>
        </div>
      )}
    </div>
  );
}
