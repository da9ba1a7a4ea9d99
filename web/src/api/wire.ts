// The JSON the server sends over HTTP, exactly as docs/api.md describes it. Nothing outside
// src/api/ reads these types: models.ts turns them into client models in one place.

/** The envelope of every answer (api.md, top). */
export interface WireEnvelope<T> {
  meta: { status: number; msg: string };
  response: T;
  errors?: WireError[];
}

/** One entry of `errors` in an error answer. */
export interface WireError {
  code: string;
  detail: string;
}

/** An item of the user model's `channels`, in the user's saved order. */
export interface WireChannel {
  name: string;
  title: string;
  avatar_url: string;
  url: string;
  is_current: boolean;
  is_primary: boolean;
  unread_count: number;
  can_message: boolean;
  is_private_group_channel: boolean;
}

/** `response` of GET /svc/user/info, POST /login, POST /register. A visitor has no `name`. */
export interface WireUserInfo {
  name?: string;
  email?: string;
  form_key: string;
  seen_atg?: boolean;
  liked_post_count?: number;
  friend_count?: number;
  unread_count?: number;
  activity_unread_count?: number;
  can_message?: boolean;
  primary_channel?: string;
  current_channel?: string;
  channels?: WireChannel[];
}

/** A blog's theme (`global_theme_params`). */
export interface WireThemeParams {
  background_color: string;
  title_color: string;
  link_color: string;
  title_font: string;
  title_font_weight: string;
  show_avatar: boolean;
  show_title: boolean;
  show_description: boolean;
  show_header_image: boolean;
  header_image_focused: string | null;
  header_stretch: boolean;
  avatar_shape: string;
  header_image_dimens: unknown;
}

/** One activity notification (spec 000 §3 Notification; the socket's NotificationData). */
export interface WireNotification {
  id: number;
  type: string;
  timestamp: number;
  message: string;
  is_friend: boolean;
  from_tumblelog?: {
    name: string;
    avatar_url_48: string;
    avatar_url_128: string;
    url: string;
    is_friend: boolean;
  } | null;
}

/** The blog model (api.md "The blog model"). Own-blog counts and activity are optional. */
export interface WireBlog {
  name: string;
  title: string;
  directory_safe_title: string;
  description: string;
  description_sanitized: string;
  avatar_url: string;
  url: string;
  cname: string | null;
  following: boolean;
  is_current: boolean;
  is_mine: boolean;
  is_private_group_channel: boolean;
  can_message: boolean;
  post_count: number;
  follower_count: number;
  radar_feature_premium: boolean;
  is_visible_premium_partner: boolean;
  can_view_customize: boolean;
  asks: boolean;
  anonymous_asks: boolean;
  dashboard_url: string;
  analytics_url: string;
  highlighted_posts: string[];
  global_theme_params: WireThemeParams;
  unread_count?: number;
  member_count?: number;
  draft_count?: number;
  queued_post_count?: number;
  transcoding_count?: number;
  activity_data?: { sparkline: number[] };
  activity_notifications?: WireNotification[];
}

/** `response` of POST /new/blog. */
export interface WireNewBlog {
  blog: WireChannel | WireBlog;
  user: WireUserInfo;
}

/** `response` of POST /svc/follow and /svc/unfollow. */
export interface WireFollowResult {
  tumblelog: WireBlog;
  friend_count: number;
}

/** `response` of the blog lists (explore, following). */
export interface WireBlogList {
  blogs: WireBlog[];
}

/** A `_links` object: `next` (older items) and `previous`, each only when there is one. */
export interface WireLinks {
  next?: { href: string; method: string };
  previous?: { href: string; method: string };
}

/** A message (api.md `<message>`), the same shape as the socket's MessageData. */
export interface WireMessage {
  conversation_id: number;
  id: number;
  ts: number;
  participant: string;
  message: string;
  type: string;
}

/** A participant blog (api.md `<participant>`). */
export interface WireParticipant {
  name: string;
  key: string;
  title: string;
  avatar_url: string;
  can_message: boolean;
  theme: {
    background_color: string | null;
    link_color: string | null;
    header_image_focused: string | null;
    show_header_image: boolean;
  };
}

/** A page of messages, oldest first. */
export interface WireMessagePage {
  data: WireMessage[];
  _links: WireLinks;
}

/** A conversation (api.md `<conversation>`); `messages` holds the newest one in the inbox. */
export interface WireConversation {
  id: number;
  status: string;
  last_modified_ts: number;
  last_read_ts: number;
  unread: boolean;
  participants: WireParticipant[];
  messages: WireMessagePage;
}

/** `response` of GET /svc/conversations (spec 000 §7: the list may come wrapped). */
export interface WireConversationList {
  conversations: WireConversation[];
  _links?: WireLinks;
}

/** `response` of GET /svc/conversations/messages. */
export interface WireMessagesAnswer {
  conversation: WireConversation;
  messages: WireMessagePage;
}

/** `response` of POST /svc/conversations/messages. */
export interface WireSentMessage {
  conversation_id: number;
  message: WireMessage;
  conversation: WireConversation;
}

/** `response` of GET /svc/conversations/participant_suggestions. */
export interface WireParticipantSuggestions {
  blogs: WireParticipant[];
}
