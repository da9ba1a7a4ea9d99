// Sharing a post (spec 002 §2 Share popover): the Share button of a post's footer and the
// popover it opens.
import { useCallback, useRef, useState } from 'react';
import type { Post } from '../../api/postModels';
import { SharePopover } from './components/SharePopover';

/**
 * Share, on a post that is out: a draft, a queued or a private post shows none (spec 002 §2,
 * §6; the server shares only published posts).
 */
export function ShareButton({ post, className }: { post: Post; className: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  if (post.state !== 'published') return null;
  return (
    <span className="share">
      <button
        ref={button}
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        Share
      </button>
      {open && <SharePopover postId={post.id} anchorRef={button} onClose={close} />}
    </span>
  );
}
