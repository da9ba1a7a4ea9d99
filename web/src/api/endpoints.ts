// Every server call the app makes, typed, one function each (docs/api.md). They return client
// models, never wire JSON.
import { queryString, type ApiClient } from './client';
import { serverHtml, type ServerHtml } from './serverHtml';
import {
  conversationFromWire,
  messageFromWire,
  nextHrefOf,
  participantsFromWire,
  type Conversation,
  type Message,
  type Page,
  type Participant,
} from './messagingModels';
import { blogFromWire, notificationFromWire, userInfoFromWire, type Blog, type Notification, type UserInfo } from './models';
import type { ActivityHistory } from './types/ActivityHistory';
import type { AskAnswer } from './types/AskAnswer';
import type { AskForm } from './types/AskForm';
import type { BlockAnswer } from './types/BlockAnswer';
import type { BlockForm } from './types/BlockForm';
import type { ControlsForm } from './types/ControlsForm';
import type { ConversationsQuery } from './types/ConversationsQuery';
import type { CurrentBlogForm } from './types/CurrentBlogForm';
import type { DeletedConversation } from './types/DeletedConversation';
import type { ExploreQuery } from './types/ExploreQuery';
import type { FlaggedConversation } from './types/FlaggedConversation';
import type { FollowForm } from './types/FollowForm';
import type { FormKeyField } from './types/FormKeyField';
import type { FollowersQuery } from './types/FollowersQuery';
import type { HistoryQuery } from './types/HistoryQuery';
import type { LoginForm } from './types/LoginForm';
import type { MarkReadForm } from './types/MarkReadForm';
import type { MarkedRead } from './types/MarkedRead';
import type { MessagesQuery } from './types/MessagesQuery';
import type { NewBlogForm } from './types/NewBlogForm';
import type { OrderForm } from './types/OrderForm';
import type { RegisterForm } from './types/RegisterForm';
import type { SendForm } from './types/SendForm';
import type { SuggestionsQuery } from './types/SuggestionsQuery';
import type { TumblelogQuery } from './types/TumblelogQuery';
import type { Followers } from './types/Followers';
import type { BlogList } from './types/BlogList';
import type { BlogWithActivity } from './types/BlogWithActivity';
import type { ConversationList } from './types/ConversationList';
import type { FollowAnswer } from './types/FollowAnswer';
import type { Highlighted } from './types/Highlighted';
import type { MessagesAnswer } from './types/MessagesAnswer';
import type { NewBlogAnswer } from './types/NewBlogAnswer';
import type { OrderAnswer } from './types/OrderAnswer';
import type { SeenAtg } from './types/SeenAtg';
import type { SentAnswer } from './types/SentAnswer';
import type { Suggestions } from './types/Suggestions';
import type { UserInfo as WireUserInfo } from './types/UserInfo';

export function fetchUserInfo(api: ApiClient): Promise<UserInfo> {
  return api.get<WireUserInfo>('/svc/user/info').then(userInfoFromWire);
}

export function login(api: ApiClient, email: string, password: string): Promise<UserInfo> {
  return api.post<WireUserInfo, LoginForm>('/login', { email, password }).then(userInfoFromWire);
}

export function register(
  api: ApiClient,
  fields: { email: string; password: string; blogName: string },
): Promise<UserInfo> {
  return api
    .post<WireUserInfo, RegisterForm>('/register', {
      email: fields.email,
      password: fields.password,
      blog_name: fields.blogName,
    })
    .then(userInfoFromWire);
}

export function setSeenAtg(api: ApiClient): Promise<unknown> {
  return api.post<SeenAtg>('/svc/post/set_seen_atg');
}

export function setCurrentBlog(api: ApiClient, name: string): Promise<UserInfo> {
  return api
    .post<WireUserInfo, CurrentBlogForm>('/svc/user/current_blog', { tumblelog: name })
    .then(userInfoFromWire);
}

export async function createBlog(
  api: ApiClient,
  fields: { blogName: string; title?: string },
): Promise<{ blogName: string; userInfo: UserInfo }> {
  const answer = await api.post<NewBlogAnswer, NewBlogForm>('/new/blog', {
    blog_name: fields.blogName,
    title: fields.title || undefined,
  });
  return { blogName: answer.blog.name, userInfo: userInfoFromWire(answer.user) };
}

/** POST /order with the full list of blog names in their new order (spec 000 §7). */
export function saveBlogOrder(api: ApiClient, names: string[]): Promise<{ saved: boolean }> {
  return api.post<OrderAnswer, OrderForm>('/order', { channel_names: JSON.stringify(names) });
}

export interface FollowResult {
  blog: Blog;
  friendCount: number;
}

export async function followBlog(api: ApiClient, name: string, follow: boolean): Promise<FollowResult> {
  const answer = await api.post<FollowAnswer, FollowForm>(follow ? '/svc/follow' : '/svc/unfollow', {
    tumblelog: name,
  });
  return { blog: blogFromWire(answer.tumblelog), friendCount: answer.friend_count };
}

/** POST /svc/block/add: `blocker` (one of yours) blocks `blocked`. */
export async function blockBlog(api: ApiClient, blocker: string, blocked: string): Promise<void> {
  await api.post<BlockAnswer, BlockForm>('/svc/block/add', { tumblelog: blocker, blocked_tumblelog: blocked });
}

/** POST /svc/block/remove: `blocker` (one of yours) no longer blocks `blocked`. */
export async function unblockBlog(api: ApiClient, blocker: string, blocked: string): Promise<void> {
  await api.post<BlockAnswer, BlockForm>('/svc/block/remove', { tumblelog: blocker, blocked_tumblelog: blocked });
}

/** POST /svc/ask: asks `blog` a question (plain text), as the acting blog or anonymously. */
export async function askBlog(api: ApiClient, blog: string, question: string, anonymous: boolean): Promise<void> {
  await api.post<AskAnswer, AskForm>('/svc/ask', { tumblelog: blog, question, anonymous: anonymous ? '1' : undefined });
}

/**
 * The address that logs the session out (spec 000 §2.1 /logout): the form key tells the server
 * the logout is the user's, not a link on another site.
 */
export function logoutHref(api: ApiClient): string {
  const query: FormKeyField = { form_key: api.getFormKey() };
  return `/logout?${queryString(query)}`;
}

/**
 * A blog (GET /svc/data/tumblelog). For one of the user's own blogs, `owner` asks for its
 * member counts and activity data too (spec 000 §4: loaded before a blog row opens); the
 * server refuses those for anyone else's blog (403 not_your_blog). For a group blog of
 * someone else's that the user is a member of, `member` asks for its counts alone: its
 * activity stays its owner's.
 */
export function fetchBlogData(
  api: ApiClient,
  name: string,
  options: { owner?: boolean; member?: boolean; notifications?: boolean } = {},
): Promise<Blog> {
  const owner = options.owner ?? false;
  const counts = owner || (options.member ?? false);
  return api
    .get<BlogWithActivity, TumblelogQuery>('/svc/data/tumblelog', {
      tumblelog: name,
      include_member_data: counts ? '1' : undefined,
      include_activity_data: owner ? '1' : undefined,
      include_activity_notifications: owner && options.notifications ? '1' : undefined,
    })
    .then(blogFromWire);
}

export function fetchExploreBlogs(api: ApiClient, limit?: number): Promise<Blog[]> {
  return api
    .get<BlogList, ExploreQuery>('/svc/blogs/explore', { limit })
    .then((answer) => answer.blogs.map(blogFromWire));
}

/**
 * GET /svc/{blog}/posts/highlighted: the blog's newest posts as small pieces of HTML the
 * server sanitised (a link to the post around its first photo, or its title or opening words).
 */
export function fetchHighlightedPosts(api: ApiClient, blog: string): Promise<ServerHtml[]> {
  return api
    .get<Highlighted>(`/svc/${encodeURIComponent(blog)}/posts/highlighted`)
    .then((answer) => answer.highlighted_posts.map(serverHtml));
}

export function fetchFollowedBlogs(api: ApiClient): Promise<Blog[]> {
  return api
    .get<BlogList>('/svc/user/following')
    .then((answer) => answer.blogs.map(blogFromWire));
}

/** Who follows one of the user's blogs, a page at a time from `offset` (newest follow first). */
export function fetchFollowers(
  api: ApiClient,
  blog: string,
  offset: number,
): Promise<{ blogs: Blog[]; total: number }> {
  return api
    .get<Followers, FollowersQuery>('/svc/blog/followers', { tumblelog: blog, offset })
    .then((answer) => ({ blogs: answer.blogs.map(blogFromWire), total: answer.total }));
}

/** A page of one of the user's blogs' notifications older than `beforeId`, newest first. */
export function fetchActivityHistory(
  api: ApiClient,
  blog: string,
  beforeId?: number,
): Promise<{ notifications: Notification[]; more: boolean }> {
  return api
    .get<ActivityHistory, HistoryQuery>('/svc/blog/activity', { tumblelog: blog, before_id: beforeId })
    .then((answer) => ({ notifications: answer.notifications.map(notificationFromWire), more: answer.more }));
}

/** POST /svc/blog/activity/read: the owner has seen the blog's notifications. */
export function markActivityRead(api: ApiClient, blog: string): Promise<MarkedRead> {
  return api.post<MarkedRead, MarkReadForm>('/svc/blog/activity/read', { tumblelog: blog });
}

// ---- Messaging (api.md "Messaging", spec 000 §7) ----

/** How the spec writes a participant: `{blog}.{host}`. */
export function participantParam(blog: string): string {
  return `${blog}.${window.location.hostname}`;
}

/**
 * One page of a blog's inbox, newest activity first. `href` is a `_links.next` href for a
 * further page. Never served from the HTTP cache: the inbox polls it.
 */
export async function fetchConversations(
  api: ApiClient,
  blog: string,
  href?: string,
): Promise<Page<Conversation>> {
  const answer = href
    ? await api.get<ConversationList>(href, {}, { noCache: true })
    : await api.get<ConversationList, ConversationsQuery>(
        '/svc/conversations',
        { participant: participantParam(blog) },
        { noCache: true },
      );
  return { items: answer.conversations.map(conversationFromWire), nextHref: nextHrefOf(answer._links) };
}

/** Which conversation: an existing one by id, or the one `sender` has (or will have) with `recipients`. */
export type ConversationRef =
  | { sender: string; conversationId: number }
  | { sender: string; recipients: string[] };

export interface ConversationMessages {
  conversation: Conversation;
  messages: Message[];
  /** Older messages, when there are more. */
  nextHref: string | null;
}

/**
 * A conversation's messages, oldest first; reading them marks it read. For a conversation
 * not started yet the server answers 404, which callers read as "new", not as an error.
 */
export async function fetchMessages(api: ApiClient, ref: ConversationRef): Promise<ConversationMessages> {
  const query: MessagesQuery =
    'conversationId' in ref
      ? { conversation_id: String(ref.conversationId), participant: participantParam(ref.sender) }
      : { participants: ref.recipients, participant: participantParam(ref.sender) };
  const answer = await api.get<MessagesAnswer, MessagesQuery>('/svc/conversations/messages', query, {
    noCache: true,
  });
  return {
    conversation: conversationFromWire(answer.conversation),
    messages: answer.messages.data.map(messageFromWire),
    nextHref: nextHrefOf(answer.messages._links),
  };
}

/** An older page of a conversation's messages: a `_links.next` href (oldest first). */
export async function fetchOlderMessages(api: ApiClient, href: string): Promise<Page<Message>> {
  const answer = await api.get<MessagesAnswer>(href, {}, { noCache: true });
  return { items: answer.messages.data.map(messageFromWire), nextHref: nextHrefOf(answer.messages._links) };
}

export interface SentMessage {
  conversation: Conversation;
  message: Message;
}

/** Sends a message; a first message (no conversation id yet) starts the conversation. */
export async function sendMessage(
  api: ApiClient,
  ref: ConversationRef,
  text: string,
  ts: number,
): Promise<SentMessage> {
  const fields: SendForm =
    'conversationId' in ref
      ? { conversation_id: String(ref.conversationId), participant: participantParam(ref.sender), message: text }
      : {
          participants: ref.recipients,
          participant: participantParam(ref.sender),
          message: text,
          type: 'TEXT',
          ts: String(ts),
        };
  const answer = await api.post<SentAnswer, SendForm>('/svc/conversations/messages', fields);
  return { conversation: conversationFromWire(answer.conversation), message: messageFromWire(answer.message) };
}

/** Favorites (`limit`) when `query` is empty, otherwise blogs whose names start with it. */
export function fetchParticipantSuggestions(
  api: ApiClient,
  query: string,
  limit: number,
): Promise<Participant[]> {
  return api
    .get<Suggestions, SuggestionsQuery>(
      '/svc/conversations/participant_suggestions',
      query ? { q: query } : { limit },
    )
    .then((answer) => participantsFromWire(answer.blogs));
}

/** Which conversation the message controls act on, and the user's blog in it. */
function controlsForm(conversationId: number, sender: string): ControlsForm {
  return { conversation_id: String(conversationId), participant: sender };
}

/** The message controls' Delete: the conversation goes for `sender`'s blog alone. */
export function deleteConversation(api: ApiClient, conversationId: number, sender: string): Promise<DeletedConversation> {
  return api.post<DeletedConversation, ControlsForm>('/svc/conversations/delete', controlsForm(conversationId, sender));
}

/** The message controls' Flag: the conversation's other blogs are reported. */
export function flagConversation(api: ApiClient, conversationId: number, sender: string): Promise<FlaggedConversation> {
  return api.post<FlaggedConversation, ControlsForm>('/svc/conversations/flag', controlsForm(conversationId, sender));
}
