// The administrators' flags and grants in the blog card's menu (spec 002 §6, §7; docs/api.md
// "Blogs"): the moderation toggles and the Reach and Analytics grants, starting from what is
// known of the blog.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { BlogFlags, BlogGrants } from '../../../api/adminEndpoints';
import type { Blog } from '../../../api/models';
import { BlogGrantToggles, BlogModerationToggles, blogFlagsKey, blogGrantsKey } from '../../moderation';
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
  // The blog model says whether the blog has Reach and Analytics; a toggle's answer is kept
  // beside it (the card's blog model is not read again), so reopening the menu shows the
  // last answer.
  const [grants, setGrants] = useState<BlogGrants>(
    () =>
      queryClient.getQueryData<BlogGrants>(blogGrantsKey(blog.name)) ?? {
        reach: blog.radarFeaturePremium,
        analytics: blog.isVisiblePremiumPartner,
      },
  );
  return (
    <>
      <BlogModerationToggles blog={blog.name} flags={flags} onChange={setFlags} />
      <BlogGrantToggles blog={blog.name} grants={grants} onChange={setGrants} />
    </>
  );
}
