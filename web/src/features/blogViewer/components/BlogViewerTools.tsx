// The blog viewer's follow, share and user controls (spec 000 §2.10). Follow and Ask are the
// blog card's own; here: open the blog's page or its archive, share its address, message it,
// block it, flag it (spec 002 §1: the flag form the blog card's menu shows, under the toolbar).
import { useRef, useState } from 'react';
import type { Blog } from '../../../api/models';
import { errorDetails } from '../../../api/client';
import { useBlockToggle } from '../../blocking';
import { FlagForm } from '../../flagging';
import { useMessaging } from '../../messaging';
import { useSession } from '../../session';

export function BlogViewerTools({
  blog,
  address: path,
  onOpenBlog,
  onOpenArchive,
  onClose,
}: {
  blog: Blog;
  /** The address the drawer stands for, if not the blog's page. */
  address?: string;
  onOpenBlog(): void;
  /** Closes the drawer for the blog's archive page. */
  onOpenArchive(): void;
  /** Closes the drawer: a conversation shows over the page, which the drawer covers. */
  onClose(): void;
}) {
  const { isLoggedIn, user } = useSession();
  const messaging = useMessaging();
  const block = useBlockToggle(blog);
  const [blocking, setBlocking] = useState(false);
  // Read by the press itself: a second press before the re-render asks nothing twice.
  const blockingNow = useRef(false);
  const [shared, setShared] = useState<string | null>(null);
  const [flagging, setFlagging] = useState(false);
  const flagButton = useRef<HTMLButtonElement>(null);
  // Cancelled, or the thanks read: the form goes, and the focus back to the button it came from.
  const stopFlagging = () => {
    setFlagging(false);
    flagButton.current?.focus();
  };
  const address = new URL(path ?? `/blog/${encodeURIComponent(blog.name)}`, window.location.origin).href;

  const share = () => {
    // Without the clipboard (an insecure origin, a refusal), the address is shown to copy.
    const copied = navigator.clipboard?.writeText(address) ?? Promise.reject(new Error('no clipboard'));
    copied.then(
      () => setShared('Link copied.'),
      () => setShared(address),
    );
  };

  return (
    <>
      <div className="blog-viewer__tools" role="toolbar" aria-label={`${blog.name} controls`}>
        <button type="button" className="button button--quiet" onClick={onOpenBlog}>
          Open blog
        </button>
        <button type="button" className="button button--quiet" onClick={onOpenArchive}>
          Archive
        </button>
        <button type="button" className="button button--quiet" onClick={share}>
          Share
        </button>
        {isLoggedIn && !blog.isMine && blog.canMessage && messaging.senders.length > 0 && (
          <button
            type="button"
            className="button button--quiet"
            onClick={() => {
              onClose();
              messaging.openConversation({ recipients: [blog.name] });
            }}
          >
            Message
          </button>
        )}
        {block && (
          <button
            type="button"
            className="button button--quiet"
            // Not `disabled`: the confirmation gives the focus back to its opener when it
            // closes, and a disabled button cannot take it (it would fall to the page's body,
            // outside the drawer). Busy, it reads as disabled and ignores presses.
            aria-disabled={blocking || undefined}
            onClick={() => {
              if (blockingNow.current) return;
              // As the blog card's menu: Block (acting as the current blog, spec 002 §6;
              // Nevermind does nothing), or Unblock once blocked.
              blockingNow.current = true;
              setBlocking(true);
              block
                .toggle()
                .then((outcome) => {
                  if (outcome === 'blocked') setShared(`${blog.name} is blocked.`);
                  if (outcome === 'unblocked') setShared(`${blog.name} is unblocked.`);
                })
                .catch((err: unknown) => setShared(errorDetails(err).join(' ')))
                .finally(() => {
                  blockingNow.current = false;
                  setBlocking(false);
                });
            }}
          >
            {block.blocked ? 'Unblock' : 'Block'}
          </button>
        )}
        {/* As on the blog card's menu: a signed-in user, someone else's blog. */}
        {user && !blog.isMine && (
          <button
            ref={flagButton}
            type="button"
            className="button button--quiet"
            aria-expanded={flagging}
            onClick={() => setFlagging(!flagging)}
          >
            Flag this blog
          </button>
        )}
        {shared && (
          <span className="blog-viewer__shared" role="status">
            {shared}
          </span>
        )}
      </div>
      {flagging && (
        <div className="card blog-viewer__flag">
          <FlagForm target={{ kind: 'blog', blog: blog.name }} onCancel={stopFlagging} onDone={stopFlagging} />
        </div>
      )}
    </>
  );
}
