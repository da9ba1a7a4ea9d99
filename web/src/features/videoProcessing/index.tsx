// The Processing page's list (/blog/{name}/processing): the blog's posts held for their videos,
// each saying how far its video got (waiting, processing, failed with another try), asked again
// every 5 s while any is on its way. A post whose video is done goes on: the list is read again
// and it leaves, and the blog's counts (the Processing, Drafts and Queue tabs, the account
// menu) are read again too. On a server that does not process videos, one line says so.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState, type ComponentProps, type ReactNode } from 'react';
import type { Post } from '../../api/postModels';
import { loadError } from '../../api/queryClient';
import { LoadError } from '../../components/LoadError';
import { PostList, PostNoticeContext } from '../posts';
import { VideoProgressNote } from './components/VideoProgressNote';
import { useVideoProcessing } from './useVideoProcessing';

const PROCESSING_DISABLED_TEXT = 'This server does not process videos: they are posted as uploaded.';

export function ProcessingPostList({
  blog,
  label,
  empty,
  headingLevel,
}: {
  blog: string;
  label: string;
  empty: ReactNode;
  headingLevel?: ComponentProps<typeof PostList>['headingLevel'];
}) {
  // A post went on: a new key lists the page's posts again, without it, and the blog's
  // counts are asked again (useBlogData's query answers into the blog store).
  const [listing, setListing] = useState(0);
  const queryClient = useQueryClient();
  const processing = useVideoProcessing(
    blog,
    useCallback(() => {
      setListing((n) => n + 1);
      void queryClient.invalidateQueries({ queryKey: ['blogData', blog] });
    }, [queryClient, blog]),
  );
  const byPost = useMemo(
    () => new Map((processing.data?.videos ?? []).map((v) => [v.postId, v])),
    [processing.data],
  );
  const notice = useCallback(
    (post: Post) => {
      const progress = byPost.get(post.id);
      return progress ? <VideoProgressNote blog={blog} progress={progress} /> : null;
    },
    [blog, byPost],
  );
  const error = loadError(processing);
  return (
    <>
      {processing.data?.enabled === false && <p className="processing-disabled">{PROCESSING_DISABLED_TEXT}</p>}
      {error !== null && <LoadError message={error} onRetry={() => void processing.refetch()} />}
      <PostNoticeContext.Provider value={notice}>
        <PostList
          key={listing}
          page={{ root: 'processing', blog }}
          label={label}
          empty={empty}
          headingLevel={headingLevel}
        />
      </PostNoticeContext.Provider>
    </>
  );
}
