// The administrators' flags and grants in the blog card's menu (spec 002 §6, §7; docs/api.md
// "Blogs"): the moderation toggles, starting from the blog's flags as the server reads them,
// and the Reach and Analytics grants, starting from the blog model.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import { fetchBlogFlags, type BlogFlags, type BlogGrants } from '../../../api/adminEndpoints';
import { ThreeBarLoader } from '../../../components/ThreeBarLoader';
import type { Blog } from '../../../api/models';
import { BlogGrantToggles, BlogModerationToggles, blogFlagsKey, blogGrantsKey } from '../../moderation';
import { useSession } from '../../session';

export function AdminToggles({ blog }: { blog: Blog }) {
  const { user } = useSession();
  if (!user?.isAdmin) return null;
  return <Toggles blog={blog} />;
}

function Toggles({ blog }: { blog: Blog }) {
  const api = useApi();
  const queryClient = useQueryClient();
  // The blog model carries is_nsfw only: the three flags are read as they are before the
  // toggles show (a toggle that started from a guess would unsuspend a suspended blog), and
  // each toggle's answer replaces them.
  const read = useQuery({ queryKey: blogFlagsKey(blog.name), queryFn: () => fetchBlogFlags(api, blog.name) });
  const [toggled, setFlags] = useState<BlogFlags | null>(null);
  const flags = toggled ?? read.data;
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
      {flags ? (
        <BlogModerationToggles blog={blog.name} flags={flags} onChange={setFlags} />
      ) : read.isError ? (
        <p className="form-error" role="alert">
          {errorDetails(read.error).join(' ')}
        </p>
      ) : (
        <ThreeBarLoader label="Loading the blog's flags" />
      )}
      <BlogGrantToggles blog={blog.name} grants={grants} onChange={setGrants} />
    </>
  );
}
