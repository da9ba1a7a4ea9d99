// The administrators' flags in the blog card's menu (spec 002 §6, §7: POST /spam/toggle,
// /nsfw/toggle, /suspended/toggle): each button flips one flag and shows the blog's flags as
// the server answers them.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { toggleBlogFlag, type BlogFlag, type BlogFlags } from '../../../api/adminEndpoints';
import type { Blog } from '../../../api/models';
import { FormErrors } from '../../../components/FormErrors';
import { ThreeBarLoader } from '../../../components/ThreeBarLoader';
import { useAsyncAction } from '../../../lib/useAsyncAction';
import { useSession } from '../../session';

/** Where the last answer for a blog is kept, so the menu opened again shows it. */
const flagsKey = (blog: string) => ['blogFlags', blog];

export function AdminToggles({ blog }: { blog: Blog }) {
  const { user } = useSession();
  if (!user?.isAdmin) return null;
  return <Toggles blog={blog} />;
}

function Toggles({ blog }: { blog: Blog }) {
  const api = useApi();
  const queryClient = useQueryClient();
  // The blog model carries is_nsfw only; spam and suspended are known from a toggle's answer,
  // and taken as off until then (what nearly every blog is: a spam or suspended blog is
  // hardly ever met in the app, which leaves it out of explore and suggestions).
  const [flags, setFlags] = useState<BlogFlags>(
    () =>
      queryClient.getQueryData<BlogFlags>(flagsKey(blog.name)) ?? {
        isSpam: false,
        isNsfw: blog.isNsfw,
        isSuspended: false,
      },
  );
  const action = useAsyncAction();
  const toggle = (flag: BlogFlag) =>
    action.run(async () => {
      const next = await toggleBlogFlag(api, flag, blog.name);
      queryClient.setQueryData(flagsKey(blog.name), next);
      setFlags(next);
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
