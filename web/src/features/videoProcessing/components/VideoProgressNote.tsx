import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '../../../api/ApiProvider';
import { errorDetails } from '../../../api/client';
import { retryVideo, type JobState, type VideoProgress } from '../../../api/videoEndpoints';
import { FormErrors } from '../../../components/FormErrors';
import { ThreeBarLoader } from '../../../components/ThreeBarLoader';
import { markRetried, videoProcessingKey } from '../useVideoProcessing';

/** Each state, in words. */
const PROGRESS_TEXTS: Record<JobState, string> = {
  queued: 'Waiting to be processed',
  running: 'Processing your video…',
  done: 'Your video is ready: the post goes on in a moment.',
  failed: 'This video could not be processed.',
};

/**
 * How far a held post's video got, over the post on the Processing page; a failed one offers
 * another try (POST /svc/video/retry), which shows it waiting again once the server took it.
 */
export function VideoProgressNote({ blog, progress }: { blog: string; progress: VideoProgress }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const retry = useMutation({
    mutationFn: () => retryVideo(api, progress.postId),
    onSuccess: () => {
      markRetried(queryClient, blog, progress.postId);
      void queryClient.invalidateQueries({ queryKey: videoProcessingKey(blog) });
    },
  });
  const failed = progress.state === 'failed';
  // A try failed and another is to come: said, with why, rather than 'Waiting' as if new.
  const retrying = progress.state === 'queued' && progress.error !== '';
  return (
    <div className={`processing-note processing-note--${progress.state}`}>
      <p className="processing-note__state" role="status">
        {progress.state === 'running' && <ThreeBarLoader label="Processing" />}
        {retrying
          ? `Try ${progress.attempts} of ${progress.maxAttempts} failed; it will be tried again.`
          : PROGRESS_TEXTS[progress.state]}
      </p>
      {(failed || retrying) && progress.error && <p className="processing-note__error">{progress.error}</p>}
      {failed && (
        <button type="button" className="button button--quiet" disabled={retry.isPending} onClick={() => retry.mutate()}>
          Try again
        </button>
      )}
      {retry.isError && <FormErrors errors={errorDetails(retry.error)} />}
    </div>
  );
}
