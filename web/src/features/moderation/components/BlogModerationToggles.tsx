// An administrator's flags of a blog (spec 002 §6, §7: POST /spam/toggle, /nsfw/toggle,
// /suspended/toggle): each button flips one flag and shows the blog's flags as the server
// answers them. The blog card's menu and the moderators' queue both show these buttons; each
// answer is kept under blogFlagsKey, so the other one shows it when it opens next.
import { useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/ApiProvider';
import { toggleBlogFlag, type BlogFlag, type BlogFlags } from '../../../api/adminEndpoints';
import { FormErrors } from '../../../components/FormErrors';
import { ThreeBarLoader } from '../../../components/ThreeBarLoader';
import { useAsyncAction } from '../../../lib/useAsyncAction';

/** Where the last toggle's answer for a blog is kept. */
export const blogFlagsKey = (blog: string) => ['blogFlags', blog];

export function BlogModerationToggles({
  blog,
  flags,
  onChange,
}: {
  blog: string;
  /** The flags as the caller last knew them. */
  flags: BlogFlags;
  /** A toggle's answer: the blog's three flags now. */
  onChange(next: BlogFlags): void;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const action = useAsyncAction();
  const toggle = (flag: BlogFlag) =>
    action.run(async () => {
      const next = await toggleBlogFlag(api, flag, blog);
      queryClient.setQueryData(blogFlagsKey(blog), next);
      onChange(next);
    });

  const buttons: { flag: BlogFlag; label: string }[] = [
    { flag: 'spam', label: flags.isSpam ? 'Unmark spam' : 'Mark as spam' },
    { flag: 'nsfw', label: flags.isNsfw ? 'Unmark NSFW' : 'Mark as NSFW' },
    { flag: 'suspended', label: flags.isSuspended ? 'Unsuspend' : 'Suspend' },
  ];
  const state = [flags.isSpam && 'spam', flags.isNsfw && 'NSFW', flags.isSuspended && 'suspended'].filter(Boolean);
  return (
    <div className="admin-toggles" role="group" aria-label="Administrator">
      <p className="admin-toggles__state muted" role="status">
        {state.length === 0 ? 'Not flagged.' : `Flagged: ${state.join(', ')}.`}
      </p>
      {buttons.map((b) => (
        <button
          key={b.flag}
          type="button"
          className="button button--quiet"
          disabled={action.pending}
          onClick={() => void toggle(b.flag)}
        >
          {b.label}
        </button>
      ))}
      {action.pending && <ThreeBarLoader label="Changing the flag" />}
      <FormErrors errors={action.errors} />
    </div>
  );
}
