// The share popover's calls (spec 002 §7 Sharing; docs/api.md "Sharing and embeds"), and the
// administrators' mail outbox. The popover's model and the outbox are shown as the server
// answers them (their generated wire types), so they are not turned into client models.
import type { ApiClient } from './client';
import type { Outbox } from './types/Outbox';
import type { OutboxMail } from './types/OutboxMail';
import type { PopoverQuery } from './types/PopoverQuery';
import type { ShareAnswer } from './types/ShareAnswer';
import type { ShareForm } from './types/ShareForm';
import type { ShareModel } from './types/ShareModel';
import type { ShareWindow } from './types/ShareWindow';

export type { Outbox, OutboxMail, ShareAnswer, ShareModel, ShareWindow };

/** The networks `POST /svc/share/{network}` records or sends to. */
export type ShareNetwork = 'email' | 'twitter' | 'facebook' | 'pinterest' | 'reddit';

/**
 * GET /svc/share/popover: the share popover's model of a published post. A draft, queued or
 * private post is a 404 (it shows no share options).
 */
export function fetchShareModel(api: ApiClient, postId: number): Promise<ShareModel> {
  return api.get<ShareModel, PopoverQuery>('/svc/share/popover', { post_id: postId }, { noCache: true });
}

/** What an email share sends besides the post: the recipient, a note, and replies to whom. */
export interface EmailShare {
  emailAddress: string;
  message: string;
  allowReplyTo: boolean;
}

/** The post a share is about, as the server checks it: its id and its blog. */
function sharedPost(model: Pick<ShareModel, 'post_id' | 'tumblelog_name'>): ShareForm {
  return { post_id: String(model.post_id), tumblelog_name: model.tumblelog_name };
}

/**
 * POST /svc/share/email: the server mails the post to `email.emailAddress` (a signed-in
 * user's share). Refusals carry the reason to show: invalid_email, message_too_long,
 * too_many_attempts.
 */
export function shareByEmail(
  api: ApiClient,
  model: Pick<ShareModel, 'post_id' | 'tumblelog_name'>,
  email: EmailShare,
): Promise<ShareAnswer> {
  return api.post<ShareAnswer, ShareForm>('/svc/share/email', {
    ...sharedPost(model),
    email_address: email.emailAddress,
    message: email.message,
    allow_reply_to: email.allowReplyTo ? 'true' : 'false',
  });
}

/**
 * POST /svc/share/{network}, recorded only: the popover opened the network's share window or
 * the person's own mail client (`fallback`), or a connected account shared it.
 */
export function recordShare(
  api: ApiClient,
  model: Pick<ShareModel, 'post_id' | 'tumblelog_name'>,
  network: ShareNetwork,
  { fallback }: { fallback: boolean },
): Promise<ShareAnswer> {
  const fields: ShareForm = fallback ? { ...sharedPost(model), share_fallback: 'true' } : sharedPost(model);
  return api.post<ShareAnswer, ShareForm>(`/svc/share/${network}`, fields);
}

/**
 * POST /svc/facebook_status: the label of a connected Facebook account, or '' when there is
 * none (then the popover opens Facebook's share window, spec 002 §7).
 */
export function fetchFacebookStatus(api: ApiClient): Promise<string> {
  return api.post<string>('/svc/facebook_status');
}

/** GET /svc/admin/outbox: the newest mails the server sent or keeps (administrators only). */
export function fetchOutbox(api: ApiClient): Promise<Outbox> {
  return api.get<Outbox>('/svc/admin/outbox', {}, { noCache: true });
}
