import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { Blog } from '../../../api/models';
import { FormErrors } from '../../../components/FormErrors';
import { InfoIcon } from '../../../components/icons';
import { useDismiss } from '../../../components/useDismiss';
import { formatCount } from '../../../lib/format';
import { useAsyncAction } from '../../../lib/useAsyncAction';
import { useBlockToggle } from '../../blocking';
import { FlagForm } from '../../flagging';
import { useSession } from '../../session';
import { AdminToggles } from './AdminToggles';

/**
 * The blog card's info button and the small popover it opens: name and follower count, and
 * for someone else's blog Block (with the spec's confirmation) or Unblock, as the user's
 * acting blog (spec 002 §6: blocking acts as the current blog), and 'Flag this blog', which
 * turns the popover into the flag form; for an administrator, the blog's spam, NSFW and
 * suspended flags.
 */
export function BlogInfoPopover({ blog }: { blog: Blog }) {
  const [open, setOpen] = useState(false);
  // The flag form replaces the menu; Cancel brings the menu back with the focus on Flag.
  const [flagging, setFlagging] = useState<'no' | 'form' | 'cancelled'>('no');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const close = () => {
    setOpen(false);
    setFlagging('no');
  };
  useDismiss(panelRef, close, { enabled: open, ignore: buttonRef });
  // Flagged: the thanks were read; the focus goes back to the button the menu came from.
  const done = () => {
    close();
    buttonRef.current?.focus();
  };

  return (
    <div className={flagging === 'form' ? 'blog-info is-flagging' : 'blog-info'}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-button"
        aria-label={`About ${blog.name}`}
        aria-expanded={open}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <InfoIcon />
      </button>
      {open && (
        <div
          ref={panelRef}
          className="popover blog-info__popover"
          role="dialog"
          aria-label={`About ${blog.name}`}
        >
          {flagging === 'form' ? (
            <FlagForm target={{ kind: 'blog', blog: blog.name }} onCancel={() => setFlagging('cancelled')} onDone={done} />
          ) : (
            <BlogInfo blog={blog} onFlag={() => setFlagging('form')} focusFlag={flagging === 'cancelled'} />
          )}
        </div>
      )}
    </div>
  );
}

/** The menu itself: who the blog is, and what the user may do about it. */
function BlogInfo({ blog, onFlag, focusFlag }: { blog: Blog; onFlag(): void; focusFlag: boolean }) {
  return (
    <>
      <p className="blog-info__name">
        <Link to={`/blog/${encodeURIComponent(blog.name)}`}>{blog.name}</Link>
      </p>
      {blog.title && <p className="muted">{blog.title}</p>}
      <p className="blog-info__followers" data-testid="follower-count">
        {blog.followerCount === 1 ? '1 follower' : `${formatCount(blog.followerCount)} followers`}
      </p>
      <BlockButton blog={blog} />
      <FlagButton blog={blog} onFlag={onFlag} autoFocus={focusFlag} />
      <AdminToggles blog={blog} />
    </>
  );
}

function BlockButton({ blog }: { blog: Blog }) {
  const block = useBlockToggle(blog);
  const action = useAsyncAction();
  if (!block) return null;
  return (
    <>
      <button
        type="button"
        className="button button--quiet"
        // Not `disabled`: the confirmation gives the focus back to this button when it closes,
        // which a disabled button cannot take. Busy, it reads as disabled; `run` ignores presses.
        aria-disabled={action.pending || undefined}
        onClick={() =>
          void action.run(async () => {
            await block.toggle();
          })
        }
      >
        {block.blocked ? 'Unblock' : 'Block'}
      </button>
      <FormErrors errors={action.errors} />
    </>
  );
}

/** 'Flag this blog', for a signed-in user looking at someone else's blog. */
function FlagButton({ blog, onFlag, autoFocus }: { blog: Blog; onFlag(): void; autoFocus: boolean }) {
  const { user } = useSession();
  if (!user || blog.isMine) return null;
  return (
    <button type="button" className="button button--quiet" onClick={onFlag} autoFocus={autoFocus}>
      Flag this blog
    </button>
  );
}
