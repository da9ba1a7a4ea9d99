// The client's post-action layer (spec 002 §7, §8): each action's endpoint, and what every
// action's failure shows. Components call runPostAction and handle success and refusal
// (403: the server's own text) themselves; the layer shows the one alert the spec gives for
// the failures a user cannot act on.
import { ApiError, type ApiClient } from './client';
import type { AnswerForm } from './types/AnswerForm';
import type { ApproveForm } from './types/ApproveForm';
import type { DeleteAnswer } from './types/DeleteAnswer';
import type { DeleteForm } from './types/DeleteForm';
import type { DenyForm } from './types/DenyForm';
import type { FastReblogAnswer } from './types/FastReblogAnswer';
import type { FastReblogForm } from './types/FastReblogForm';
import type { InboxAnswer } from './types/InboxAnswer';
import type { LikeAnswer } from './types/LikeAnswer';
import type { LikeForm } from './types/LikeForm';
import type { PromoteAnswer } from './types/PromoteAnswer';
import type { PromoteForm } from './types/PromoteForm';
import type { PublishAnswer } from './types/PublishAnswer';
import type { PublishForm } from './types/PublishForm';
import type { RemoveAttributionAnswer } from './types/RemoveAttributionAnswer';
import type { RemoveAttributionForm } from './types/RemoveAttributionForm';
import type { ReplyAnswer } from './types/ReplyAnswer';
import type { ReplyForm } from './types/ReplyForm';

/** Spec 002 §8 Message controls: the delete confirmation (the inbox's Delete asks it too). */
export const DELETE_CONFIRMATION = 'Are you sure you want to delete this?';

/** The alert on a 401, 404 or 500 (spec 002 §8; two spaces, as the spec writes it). */
export const TECHNICAL_TROUBLE = 'Sorry, we seem to be having technical trouble.  Please try again later.';

const ENDPOINTS = {
  like: '/svc/like',
  unlike: '/svc/unlike',
  fast_reblog: '/fast_reblog',
  reply: '/svc/reply',
  publish: '/publish',
  delete: '/svc/post/delete',
  answer: '/answer',
  deny_submission: '/deny_submission',
  approve_submission: '/approve_submission',
  promote: '/svc/promote',
  unpromote: '/svc/unpromote',
  remove_app_attribution: '/svc/post/remove_app_attribution',
} as const;

export type PostAction = keyof typeof ENDPOINTS;

/** Each action's fields, as the server's form struct names them. */
export interface PostActionForms {
  like: LikeForm;
  unlike: LikeForm;
  fast_reblog: FastReblogForm;
  reply: ReplyForm;
  publish: PublishForm;
  delete: DeleteForm;
  answer: AnswerForm;
  deny_submission: DenyForm;
  approve_submission: ApproveForm;
  promote: PromoteForm;
  unpromote: PromoteForm;
  remove_app_attribution: RemoveAttributionForm;
}

interface Answers {
  like: LikeAnswer;
  unlike: LikeAnswer;
  fast_reblog: FastReblogAnswer;
  reply: ReplyAnswer;
  publish: PublishAnswer;
  delete: DeleteAnswer;
  answer: InboxAnswer;
  deny_submission: DeleteAnswer;
  approve_submission: InboxAnswer;
  promote: PromoteAnswer;
  unpromote: PromoteAnswer;
  remove_app_attribution: RemoveAttributionAnswer;
}

/** The endpoint of an action; an unknown one fails with the spec's text (002 §5). */
export function postActionUrl(action: string): string {
  const url = (ENDPOINTS as Record<string, string | undefined>)[action];
  if (!url) throw new Error(`Missing endpoint url for ${action}`);
  return url;
}

/** Statuses that get the technical-trouble alert (002 §8). */
const ALERTED = new Set([401, 404, 500]);

/**
 * Sends an action. On a 401, 404 or 500 it alerts TECHNICAL_TROUBLE before rejecting; any
 * other failure (a 403's reason, a 400's message) rejects with the ApiError to show.
 */
export async function runPostAction<A extends PostAction>(
  api: ApiClient,
  action: A,
  fields: PostActionForms[A],
  alert: (text: string) => Promise<void> | void,
): Promise<Answers[A]> {
  try {
    return await api.post<Answers[A], PostActionForms[A]>(postActionUrl(action), fields);
  } catch (err) {
    if (err instanceof ApiError && ALERTED.has(err.status)) void alert(TECHNICAL_TROUBLE);
    throw err;
  }
}
