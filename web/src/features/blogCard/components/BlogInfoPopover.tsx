import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { useApi } from '../../../api/ApiProvider';
import type { Blog } from '../../../api/models';
import { FormErrors } from '../../../components/FormErrors';
import { InfoIcon } from '../../../components/icons';
import { useDismiss } from '../../../components/useDismiss';
import { formatCount } from '../../../lib/format';
import { useAsyncAction } from '../../../lib/useAsyncAction';
import { unblockBlog, useBlocking } from '../../blocking';
import { useBlogsDispatch } from '../../blogs';
import { useSession } from '../../session';
import { AdminToggles } from './AdminToggles';

/**
 * The blog card's info button and the small popover it opens: name and follower count, and
 * for someone else's blog Block (with the spec's confirmation) or Unblock, as the user's
 * acting blog (spec 002 §6: blocking acts as the current blog); for an administrator, the
 * blog's spam, NSFW and suspended flags.
 */
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
          <BlockButton blog={blog} />
          <AdminToggles blog={blog} />
        </div>
      )}
    </div>
  );
}

function BlockButton({ blog }: { blog: Blog }) {
  const { user } = useSession();
  const api = useApi();
  const blocking = useBlocking();
  const dispatch = useBlogsDispatch();
  const action = useAsyncAction();
  if (!user || blog.isMine) return null;
  const acting = user.currentBlog;
  const toggle = () =>
    action.run(async () => {
      if (blog.ignoring) {
        await unblockBlog(api, acting, blog.name);
        dispatch({ type: 'ignoringSet', name: blog.name, ignoring: false });
      } else if (await blocking.confirmBlockBlog(acting, blog.name)) {
        dispatch({ type: 'ignoringSet', name: blog.name, ignoring: true });
      }
    });
  return (
    <>
      <button type="button" className="button button--quiet" disabled={action.pending} onClick={() => void toggle()}>
        {blog.ignoring ? 'Unblock' : 'Block'}
      </button>
      <FormErrors errors={action.errors} />
    </>
  );
}
