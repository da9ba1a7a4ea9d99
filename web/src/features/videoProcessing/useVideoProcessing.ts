// How a blog's held posts' videos are getting on (GET /svc/video/processing), through the query
// cache: asked again every 5 s while any is on its way, and at once when the composer holds
// another post of the blog for its video. A post whose video is gone from the list went on.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useApi } from '../../api/ApiProvider';
import { fetchVideoProcessing, type VideoProcessing, type VideoProgress } from '../../api/videoEndpoints';
import { useSavedPosts } from '../posts';

/** How often the page asks while a video is waiting or being processed. */
export const PROCESSING_POLL_MS = 5_000;

export const videoProcessingKey = (blog: string) => ['videoProcessing', blog] as const;

/** Still on its way: waiting, being processed, or done with its post about to go on. */
const underway = (video: VideoProgress) => video.state !== 'failed';

/** After a retry was taken: the video waits again, with no error, until the next answer says more. */
export function markRetried(queryClient: QueryClient, blog: string, postId: number): void {
  queryClient.setQueryData<VideoProcessing>(videoProcessingKey(blog), (answer) =>
    answer && {
      ...answer,
      videos: answer.videos.map((v) => (v.postId === postId ? { ...v, state: 'queued', attempts: 0, error: '' } : v)),
    },
  );
}

/** The blog's videos; `onWentOn` when one leaves the list (its post went on). */
export function useVideoProcessing(blog: string, onWentOn: () => void) {
  const api = useApi();
  const processing = useQuery({
    queryKey: videoProcessingKey(blog),
    queryFn: () => fetchVideoProcessing(api, blog),
    refetchInterval: (query) => (query.state.data?.videos.some(underway) ? PROCESSING_POLL_MS : false),
  });

  const { refetch } = processing;
  useSavedPosts((saved) => {
    if (saved.contextPage === 'processing' && saved.post.blogName === blog) void refetch();
  });

  const seen = useRef<Set<number> | null>(null);
  const wentOn = useRef(onWentOn);
  wentOn.current = onWentOn;
  useEffect(() => {
    if (!processing.data) return;
    const now = new Set(processing.data.videos.map((v) => v.postId));
    const before = seen.current;
    seen.current = now;
    if (before && [...before].some((id) => !now.has(id))) wentOn.current();
  }, [processing.data]);

  return processing;
}
