import type { User, UserBlog } from '../api/models';
import type { BlogWithActivity } from '../api/types/BlogWithActivity';
import type { Participant } from '../api/types/Participant';
import type { UserBlog as WireUserBlog } from '../api/types/UserBlog';
import type { UserModel } from '../api/types/UserModel';
import type { NotificationData } from '../protocol/NotificationData';

export function userBlog(name: string, extra: Partial<UserBlog> = {}): UserBlog {
  return {
    name,
    title: `${name}'s blog`,
    avatarUrl: `/avatar/${name}/128`,
    url: `/blog/${name}`,
    isCurrent: false,
    isPrimary: false,
    unreadCount: 0,
    canMessage: true,
    isPrivateGroupBlog: false,
    memberRole: null,
    memberCount: 0,
    ...extra,
  };
}

export function user(extra: Partial<User> = {}): User {
  return {
    name: 'alice',
    email: 'alice@example.com',
    seenAtg: true,
    likedPostCount: 0,
    friendCount: 0,
    unreadCount: 0,
    activityUnreadCount: 0,
    canMessage: true,
    primaryBlog: 'alice',
    currentBlog: 'alice',
    blogs: [userBlog('alice', { isCurrent: true, isPrimary: true })],
    groups: [],
    isSuspended: false,
    isAdmin: false,
    ...extra,
  };
}

/** One entry of the user model's `channels`, as the server sends it: one of the user's own. */
export function wireUserBlog(name: string, extra: Partial<WireUserBlog> = {}): WireUserBlog {
  return {
    name,
    title: `${name}'s blog`,
    avatar_url: `/avatar/${name}/128`,
    url: `/blog/${name}`,
    is_current: false,
    is_primary: false,
    unread_count: 0,
    can_message: true,
    is_private_group_channel: false,
    is_mine: true,
    member_role: null,
    member_count: 0,
    ...extra,
  };
}

/** The user model as /svc/user/info (and login, a new blog…) answers it: alice's. */
export function wireUserModel(extra: Partial<UserModel> = {}): UserModel {
  return {
    name: 'alice',
    email: 'alice@example.com',
    form_key: 'test-form-key',
    seen_atg: true,
    liked_post_count: 0,
    friend_count: 0,
    unread_count: 0,
    activity_unread_count: 0,
    can_message: true,
    primary_channel: 'alice',
    current_channel: 'alice',
    channels: [wireUserBlog('alice', { is_current: true, is_primary: true })],
    is_suspended: false,
    is_admin: false,
    ...extra,
  };
}

/**
 * The blog model as /svc/data/tumblelog answers it; without the activity fields it is also
 * the blog model of the blog lists and follow answers.
 */
export function wireBlog(name: string, extra: Partial<BlogWithActivity> = {}): BlogWithActivity {
  return {
    name,
    title: `${name}'s blog`,
    directory_safe_title: `${name}'s blog`,
    description: '',
    description_sanitized: '',
    avatar_url: `/avatar/${name}/128`,
    url: `/blog/${name}`,
    cname: null,
    following: false,
    ignoring: false,
    is_current: false,
    is_mine: false,
    is_private_group_channel: false,
    member_role: null,
    can_message: true,
    post_count: 0,
    follower_count: 4,
    radar_feature_premium: false,
    is_visible_premium_partner: false,
    can_view_customize: false,
    asks: false,
    anonymous_asks: false,
    dashboard_url: `/blog/${name}`,
    analytics_url: `/blog/${name}/analytics`,
    highlighted_posts: [],
    global_theme_params: {
      background_color: '#FAFAFA',
      title_color: '#444444',
      link_color: '#529ECC',
      title_font: 'Gibson',
      title_font_weight: 'bold',
      show_avatar: true,
      show_title: true,
      show_description: true,
      show_header_image: true,
      header_image: null,
      header_image_focused: null,
      header_stretch: true,
      avatar_shape: 'square',
      header_image_dimens: null,
    },
    is_nsfw: false,
    ...extra,
  };
}

/** A follower notification for alice, as `activity_notifications` and `activity:alice` carry it. */
export function wireNotification(id: number, extra: Partial<NotificationData> = {}): NotificationData {
  return {
    id,
    blog: 'alice',
    type: 'follower',
    timestamp: 0,
    message: 'started following you',
    is_friend: false,
    is_read: false,
    from_tumblelog: null,
    post: null,
    note_meta: null,
    group_invite: null,
    new_post: null,
    ...extra,
  };
}

/** A conversation participant as the messaging calls answer it. */
export function wireParticipant(name: string): Participant {
  return {
    name,
    key: name,
    title: `${name}'s blog`,
    avatar_url: `/avatar/${name}/128`,
    can_message: true,
    theme: { background_color: '#FAFAFA', link_color: '#529ECC', header_image_focused: null, show_header_image: true },
  };
}
