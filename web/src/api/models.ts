// Client models and the one place where wire JSON becomes them (messaging's are in
// messagingModels.ts). Components, reducers and hooks only ever see these types.
import type {
  WireBlog,
  WireChannel,
  WireNotification,
  WireThemeParams,
  WireUserInfo,
} from './wire';

/** One of the current user's blogs, as the user model lists them (no counts but unread). */
export interface Channel {
  name: string;
  title: string;
  avatarUrl: string;
  url: string;
  isCurrent: boolean;
  isPrimary: boolean;
  /** The blog's unread conversations plus unread notifications (its account-row badge). */
  unreadCount: number;
  canMessage: boolean;
  isPrivateGroupChannel: boolean;
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
  primaryChannel: string;
  currentChannel: string;
  channels: Channel[];
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
  headerImageFocused: string | null;
  avatarShape: string;
}

export interface Notification {
  id: number;
  type: string;
  timestamp: number;
  message: string;
  isFriend: boolean;
  fromBlog: { name: string; avatarUrl: string; url: string } | null;
}

/** A blog (spec 000 §3 Blog). Own-blog counts are undefined for other people's blogs. */
export interface Blog {
  name: string;
  title: string;
  description: string;
  avatarUrl: string;
  url: string;
  following: boolean;
  isCurrent: boolean;
  isMine: boolean;
  isPrivateGroupChannel: boolean;
  canMessage: boolean;
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

const DEFAULT_THEME: Theme = {
  backgroundColor: '#FAFAFA',
  titleColor: '#444444',
  linkColor: '#529ECC',
  titleFont: 'Gibson',
  titleFontWeight: 'bold',
  showAvatar: true,
  showTitle: true,
  showDescription: true,
  showHeaderImage: true,
  headerImageFocused: null,
  avatarShape: 'square',
};

export function channelFromWire(w: WireChannel): Channel {
  return {
    name: w.name,
    title: w.title ?? '',
    avatarUrl: w.avatar_url,
    url: w.url,
    isCurrent: Boolean(w.is_current),
    isPrimary: Boolean(w.is_primary),
    unreadCount: w.unread_count ?? 0,
    canMessage: Boolean(w.can_message),
    isPrivateGroupChannel: Boolean(w.is_private_group_channel),
  };
}

export function userInfoFromWire(w: WireUserInfo): UserInfo {
  // Spec 002 §1: the current user exists only when user info carries a name.
  if (!w.name) return { formKey: w.form_key, user: null };
  const channels = (w.channels ?? []).map(channelFromWire);
  return {
    formKey: w.form_key,
    user: {
      name: w.name,
      email: w.email ?? '',
      seenAtg: Boolean(w.seen_atg),
      likedPostCount: w.liked_post_count ?? 0,
      friendCount: w.friend_count ?? 0,
      unreadCount: w.unread_count ?? 0,
      activityUnreadCount: w.activity_unread_count ?? 0,
      canMessage: Boolean(w.can_message),
      primaryChannel: w.primary_channel ?? w.name,
      currentChannel:
        w.current_channel ?? channels.find((c) => c.isCurrent)?.name ?? w.name,
      channels,
    },
  };
}

function themeFromWire(w: WireThemeParams | undefined): Theme {
  if (!w) return DEFAULT_THEME;
  return {
    backgroundColor: w.background_color ?? DEFAULT_THEME.backgroundColor,
    titleColor: w.title_color ?? DEFAULT_THEME.titleColor,
    linkColor: w.link_color ?? DEFAULT_THEME.linkColor,
    titleFont: w.title_font ?? DEFAULT_THEME.titleFont,
    titleFontWeight: w.title_font_weight ?? DEFAULT_THEME.titleFontWeight,
    showAvatar: w.show_avatar ?? true,
    showTitle: w.show_title ?? true,
    showDescription: w.show_description ?? true,
    showHeaderImage: w.show_header_image ?? true,
    headerImageFocused: w.header_image_focused ?? null,
    avatarShape: w.avatar_shape ?? 'square',
  };
}

/** Also reads the socket's NotificationData, which has the same fields. */
export function notificationFromWire(w: WireNotification): Notification {
  const from = w.from_tumblelog;
  return {
    id: w.id,
    type: w.type,
    timestamp: w.timestamp,
    message: w.message,
    isFriend: Boolean(w.is_friend),
    fromBlog: from ? { name: from.name, avatarUrl: from.avatar_url_48, url: from.url } : null,
  };
}

export function blogFromWire(w: WireBlog): Blog {
  return {
    name: w.name,
    title: w.title ?? '',
    description: w.description ?? '',
    avatarUrl: w.avatar_url,
    url: w.url,
    following: Boolean(w.following),
    isCurrent: Boolean(w.is_current),
    isMine: Boolean(w.is_mine),
    isPrivateGroupChannel: Boolean(w.is_private_group_channel),
    canMessage: Boolean(w.can_message),
    postCount: w.post_count ?? 0,
    followerCount: w.follower_count ?? 0,
    radarFeaturePremium: Boolean(w.radar_feature_premium),
    isVisiblePremiumPartner: Boolean(w.is_visible_premium_partner),
    canViewCustomize: Boolean(w.can_view_customize),
    dashboardUrl: w.dashboard_url ?? `/blog/${w.name}`,
    analyticsUrl: w.analytics_url ?? `/blog/${w.name}/analytics`,
    highlightedPosts: w.highlighted_posts ?? [],
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
