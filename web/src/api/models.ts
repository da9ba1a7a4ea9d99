// Client models and the one place where wire JSON becomes them (messaging's are in
// messagingModels.ts). Components, reducers and hooks only ever see these types.
//
// The wire types are generated from the server's Rust types (api/types/, protocol/). Where a
// client model has the same name as the wire type it is made from, the wire type is imported
// as Wire<Name>.
import { webUrl } from '../lib/webUrl';
import type { GroupRole } from './groupModels';
import { serverHtml, type ServerHtml } from './serverHtml';
import type { NotificationData } from '../protocol/NotificationData';
import type { UnreadCounts } from '../protocol/UnreadCounts';
import type { BlogWithActivity } from './types/BlogWithActivity';
import type { ContextTumblelog } from './types/ContextTumblelog';
import type { ThemeParams } from './types/ThemeParams';
import type { UserBlog as WireUserBlog } from './types/UserBlog';
import type { UserInfo as WireUserInfo } from './types/UserInfo';

// The unread counts' fields are single words, the same on the wire and in the client: the model
// is the generated type (protocol/UnreadCounts.ts, the `unread` channel's event and nothing else).
/** The session user's unread counts: conversations over all their blogs, and each blog's. */
export type { UnreadCounts };

/**
 * One of the current user's blogs, or a group blog of someone else's they write, as the user
 * model lists them (no counts but unread and members).
 */
export interface UserBlog {
  name: string;
  title: string;
  avatarUrl: string;
  url: string;
  isCurrent: boolean;
  isPrimary: boolean;
  /** The blog's unread conversations plus unread notifications (its account-row badge). */
  unreadCount: number;
  canMessage: boolean;
  /** `is_private_group_channel` on the wire. */
  isPrivateGroupBlog: boolean;
  /** The user's role in it if it is a group blog; null for a blog that is not a group. */
  memberRole: GroupRole | null;
  /** Its members: 0 for a blog that is not a group (the account menu's Members item). */
  memberCount: number;
}

/** The logged-in user (spec 002 §3 Current user). A visitor has no User at all. */
export interface User {
  name: string;
  email: string;
  seenAtg: boolean;
  likedPostCount: number;
  friendCount: number;
  /** Unread conversations over all blogs: the messaging badge. */
  unreadCount: number;
  /** Unread notifications over all blogs: the activity badge. */
  activityUnreadCount: number;
  canMessage: boolean;
  /** The primary blog's name (`primary_channel` on the wire). */
  primaryBlog: string;
  /** The name of the blog the user acts as (`current_channel` on the wire). */
  currentBlog: string;
  /** The user's own blogs, in their saved order (the `channels` on the wire that are `is_mine`). */
  blogs: UserBlog[];
  /**
   * The group blogs of others that the user is a member of, by name (the `channels` on the
   * wire that are not `is_mine`): they write on them, but they are not theirs to reorder, act
   * as, read the activity or messages of, or set up.
   */
  groups: UserBlog[];
  /** The blog the user acts as is suspended: it posts nothing. */
  isSuspended: boolean;
  /** An administrator (`dashwire admin`): the blog flags, the mail outbox. */
  isAdmin: boolean;
}

/** What GET /svc/user/info tells: always a form key, and a user unless a visitor. */
export interface UserInfo {
  formKey: string;
  user: User | null;
}

export interface Theme {
  backgroundColor: string;
  titleColor: string;
  linkColor: string;
  titleFont: string;
  titleFontWeight: string;
  showAvatar: boolean;
  showTitle: boolean;
  showDescription: boolean;
  showHeaderImage: boolean;
  /** The header image as uploaded (`/media/…`), if any. */
  headerImage: string | null;
  /** The header as shown: its focused crop, else the image. */
  headerImageFocused: string | null;
  /** The header stretches to the card's width. */
  headerStretch: boolean;
  avatarShape: string;
}

export interface Notification {
  id: number;
  type: string;
  timestamp: number;
  message: string;
  isFriend: boolean;
  fromBlog: { name: string; avatarUrl: string; url: string } | null;
  /** The post it is about (likes, reblogs, replies): its page. */
  postUrl: string | null;
  /** That post in a few words (plain text), and the picture standing for it (or ''). */
  postSummary: string;
  postMediaUrl: string;
  /** The post's poster if it is a video (or ''): the same picture, known to be a video's. */
  postVideoThumbnailUrl: string;
  /**
   * A `reblog`'s new post (`new_post` on the wire): the reblog's page, what it added (plain
   * text, '' for nothing) and the reblogged post's words (`postSummary`). Null on other types.
   */
  reblog: { url: string | null; diff: string; quote: string } | null;
  /** What a reply said (plain text). */
  replyText: string | null;
  /** What an answer said (plain text, at most 500 characters). */
  answerText: string | null;
  /** The user's blog it is for. */
  blog: string;
  /**
   * A `group_invite` (`fromBlog` is the group): whether the invitation still waits for an
   * answer. Null on every other type.
   */
  groupInvite: { pending: boolean } | null;
}

/** A blog (spec 000 §3 Blog). Own-blog counts are undefined for other people's blogs. */
export interface Blog {
  name: string;
  title: string;
  description: string;
  /** The description as the server sanitised it: links, a few inline elements. */
  descriptionHtml: ServerHtml;
  /** The blog takes questions; anonymous ones too (visitors' included). */
  asks: boolean;
  anonymousAsks: boolean;
  avatarUrl: string;
  url: string;
  following: boolean;
  /** The user's acting blog blocks it (spec 002 §3 Blog `ignoring`). */
  ignoring: boolean;
  isCurrent: boolean;
  isMine: boolean;
  /** `is_private_group_channel` on the wire. */
  isPrivateGroupBlog: boolean;
  /** The viewer's role in it if it is a group blog they are a member of. */
  memberRole: GroupRole | null;
  canMessage: boolean;
  /** Marked NSFW by an administrator. */
  isNsfw: boolean;
  postCount: number;
  followerCount: number;
  radarFeaturePremium: boolean;
  isVisiblePremiumPartner: boolean;
  canViewCustomize: boolean;
  dashboardUrl: string;
  analyticsUrl: string;
  highlightedPosts: string[];
  theme: Theme;
  unreadCount?: number;
  memberCount?: number;
  draftCount?: number;
  queuedPostCount?: number;
  transcodingCount?: number;
  /** Present only when asked for with include_activity_data. */
  sparkline?: number[];
  notifications?: Notification[];
}

/** One of the user's blogs' post counts, as a save answers them (`context_tumblelog`). */
export interface BlogCounts {
  name: string;
  postCount: number;
  draftCount: number;
  queuedPostCount: number;
  transcodingCount: number;
}

export function blogCountsFromWire(w: ContextTumblelog): BlogCounts {
  return {
    name: w.name_or_id,
    postCount: w.post_count,
    draftCount: w.draft_count,
    queuedPostCount: w.queued_post_count,
    transcodingCount: w.transcoding_count,
  };
}

export function userBlogFromWire(w: WireUserBlog): UserBlog {
  return {
    name: w.name,
    title: w.title,
    avatarUrl: w.avatar_url,
    url: w.url,
    isCurrent: w.is_current,
    isPrimary: w.is_primary,
    unreadCount: w.unread_count,
    canMessage: w.can_message,
    isPrivateGroupBlog: w.is_private_group_channel,
    memberRole: w.member_role,
    memberCount: w.member_count,
  };
}

/** The user model as the client's. */
export function userInfoFromWire(w: WireUserInfo): UserInfo {
  // Spec 002 §1: the current user exists only when user info carries a name.
  if (!('name' in w)) return { formKey: w.form_key, user: null };
  const blogs = w.channels.filter((c) => c.is_mine).map(userBlogFromWire);
  return {
    formKey: w.form_key,
    user: {
      name: w.name,
      email: w.email,
      seenAtg: w.seen_atg,
      likedPostCount: w.liked_post_count,
      friendCount: w.friend_count,
      unreadCount: w.unread_count,
      activityUnreadCount: w.activity_unread_count,
      canMessage: w.can_message,
      primaryBlog: w.primary_channel ?? w.name,
      currentBlog: w.current_channel ?? blogs.find((b) => b.isCurrent)?.name ?? w.name,
      blogs,
      groups: w.channels.filter((c) => !c.is_mine).map(userBlogFromWire),
      isSuspended: w.is_suspended,
      isAdmin: w.is_admin,
    },
  };
}

function themeFromWire(w: ThemeParams): Theme {
  return {
    backgroundColor: w.background_color,
    titleColor: w.title_color,
    linkColor: w.link_color,
    titleFont: w.title_font,
    titleFontWeight: w.title_font_weight,
    showAvatar: w.show_avatar,
    showTitle: w.show_title,
    showDescription: w.show_description,
    showHeaderImage: w.show_header_image,
    headerImage: w.header_image,
    headerImageFocused: w.header_image_focused,
    headerStretch: w.header_stretch,
    avatarShape: w.avatar_shape,
  };
}

/** From `activity_notifications` over HTTP, or an `activity:{blog}` `notification` event. */
export function notificationFromWire(w: NotificationData): Notification {
  const from = w.from_tumblelog;
  return {
    id: w.id,
    type: w.type,
    timestamp: w.timestamp,
    message: w.message,
    isFriend: w.is_friend,
    fromBlog: from ? { name: from.name, avatarUrl: from.avatar_url_48, url: from.url } : null,
    postUrl: webUrl(w.post?.url) || null,
    postSummary: w.post?.summary ?? '',
    postMediaUrl: webUrl(w.post?.media_url),
    postVideoThumbnailUrl: webUrl(w.post?.video_thumbnail_url),
    reblog: w.new_post && { url: webUrl(w.new_post.url) || null, diff: w.new_post.diff, quote: w.new_post.quote },
    // A reply's note_meta has no answer_text and an answer's no reply_text: each is '', none.
    replyText: w.note_meta?.reply_text || null,
    answerText: w.note_meta?.answer_text || null,
    blog: w.blog,
    groupInvite: w.group_invite && { pending: w.group_invite.pending },
  };
}

/** Also reads the plain blog model of the blog lists and follow answers: one without activity. */
export function blogFromWire(w: BlogWithActivity): Blog {
  return {
    name: w.name,
    title: w.title,
    description: w.description,
    descriptionHtml: serverHtml(w.description_sanitized),
    asks: w.asks,
    anonymousAsks: w.anonymous_asks,
    avatarUrl: w.avatar_url,
    url: w.url,
    following: w.following,
    ignoring: w.ignoring,
    isCurrent: w.is_current,
    isMine: w.is_mine,
    isPrivateGroupBlog: w.is_private_group_channel,
    memberRole: w.member_role,
    canMessage: w.can_message,
    isNsfw: w.is_nsfw,
    postCount: w.post_count,
    followerCount: w.follower_count,
    radarFeaturePremium: w.radar_feature_premium,
    isVisiblePremiumPartner: w.is_visible_premium_partner,
    canViewCustomize: w.can_view_customize,
    dashboardUrl: w.dashboard_url,
    analyticsUrl: w.analytics_url,
    highlightedPosts: w.highlighted_posts,
    theme: themeFromWire(w.global_theme_params),
    unreadCount: w.unread_count,
    memberCount: w.member_count,
    draftCount: w.draft_count,
    queuedPostCount: w.queued_post_count,
    transcodingCount: w.transcoding_count,
    sparkline: w.activity_data?.sparkline,
    notifications: w.activity_notifications?.map(notificationFromWire),
  };
}
