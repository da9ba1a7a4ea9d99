// The Processing page's calls (docs/api.md "Videos"): how each of a blog's held posts' videos
// is getting on, and another try for one that failed. For the blog's owner only.
import type { ApiClient } from './client';
import type { JobState } from './types/JobState';
import type { Processing } from './types/Processing';
import type { ProcessingQuery } from './types/ProcessingQuery';
import type { Retried } from './types/Retried';
import type { RetryForm } from './types/RetryForm';

export type { JobState };

/** A held post's video, as far as it got. */
export interface VideoProgress {
  postId: number;
  /**
   * queued (waiting for a worker, or for its next try), running, done (the post is about to
   * go on) or failed (every try failed).
   */
  state: JobState;
  attempts: number;
  maxAttempts: number;
  /** Why the last try failed; '' when it did not. */
  error: string;
}

export interface VideoProcessing {
  /** False when this server does not process videos: they are posted as uploaded. */
  enabled: boolean;
  /** The blog's held posts' videos, oldest first. */
  videos: VideoProgress[];
}

/** GET /svc/video/processing: the blog's held posts' videos. Never from the HTTP cache (a poll). */
export function fetchVideoProcessing(api: ApiClient, blog: string): Promise<VideoProcessing> {
  return api
    .get<Processing, ProcessingQuery>('/svc/video/processing', { tumblelog: blog }, { noCache: true })
    .then((answer) => ({
      enabled: answer.enabled,
      videos: answer.videos.map((v) => ({
        postId: v.post_id,
        state: v.state,
        attempts: v.attempts,
        maxAttempts: v.max_attempts,
        error: v.error,
      })),
    }));
}

/**
 * POST /svc/video/retry: a failed video gets its tries again, from now. Refusals (400: it has
 * not failed; 404: not your post) carry the reason to show.
 */
export async function retryVideo(api: ApiClient, postId: number): Promise<void> {
  await api.post<Retried, RetryForm>('/svc/video/retry', { post_id: String(postId) });
}
