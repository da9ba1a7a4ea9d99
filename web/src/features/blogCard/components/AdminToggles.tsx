// The administrators' flags in the blog card's menu (spec 002 §6, §7): the moderation
// toggles, starting from what is known of the blog.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BlogFlags } from '../../../api/adminEndpoints';
import type { Blog } from '../../../api/models';
import { BlogModerationToggles, blogFlagsKey } from '../../moderation';
import { useSession } from '../../session';

export function AdminToggles({ blog }: { blog: Blog }) {
  const { user } = useSession();
  if (!user?.isAdmin) return null;
  return <Toggles blog={blog} />;
}

function Toggles({ blog }: { blog: Blog }) {
  const queryClient = useQueryClient();
  // The blog model carries is_nsfw only; spam and suspended are known from a toggle's answer
  // (here or in the moderators' queue), and taken as off until then (what nearly every blog
  // is: a spam or suspended blog is hardly ever met in the app, which leaves it out of
  // explore and suggestions).
  const [flags, setFlags] = useState<BlogFlags>(
    () =>
      queryClient.getQueryData<BlogFlags>(blogFlagsKey(blog.name)) ?? {
        isSpam: false,
        isNsfw: blog.isNsfw,
        isSuspended: false,
      },
  );
  return <BlogModerationToggles blog={blog.name} flags={flags} onChange={setFlags} />;
}
