import type { User, UserBlog } from '../api/models';
import type { BlogWithActivity } from '../api/types/BlogWithActivity';
import type { Participant } from '../api/types/Participant';
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
    isSuspended: false,
    isAdmin: false,
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
