// Every server call the app makes, typed, one function each (docs/api.md). They return client
// models, never wire JSON.
import type { ApiClient } from './client';
import {
  blogFromWire,
  userInfoFromWire,
  type Blog,
  type UserInfo,
} from './models';
import type {
  WireBlog,
  WireBlogList,
  WireFollowResult,
  WireNewBlog,
  WireUserInfo,
} from './wire';

export function fetchUserInfo(api: ApiClient): Promise<UserInfo> {
  return api.get<WireUserInfo>('/svc/user/info').then(userInfoFromWire);
}

export function login(api: ApiClient, email: string, password: string): Promise<UserInfo> {
  return api.post<WireUserInfo>('/login', { email, password }).then(userInfoFromWire);
}

export function register(
  api: ApiClient,
  fields: { email: string; password: string; blogName: string },
): Promise<UserInfo> {
  return api
    .post<WireUserInfo>('/register', {
      email: fields.email,
      password: fields.password,
      blog_name: fields.blogName,
    })
    .then(userInfoFromWire);
}

export function setSeenAtg(api: ApiClient): Promise<unknown> {
  return api.post('/svc/post/set_seen_atg');
}

export function setCurrentBlog(api: ApiClient, name: string): Promise<UserInfo> {
  return api.post<WireUserInfo>('/svc/user/current_blog', { tumblelog: name }).then(userInfoFromWire);
}

export async function createBlog(
  api: ApiClient,
  fields: { blogName: string; title?: string },
): Promise<{ blogName: string; userInfo: UserInfo }> {
  const answer = await api.post<WireNewBlog>('/new/blog', {
    blog_name: fields.blogName,
    title: fields.title || undefined,
  });
  return { blogName: answer.blog.name, userInfo: userInfoFromWire(answer.user) };
}

/** POST /order with the full list of blog names in their new order (spec 000 §7). */
export function saveBlogOrder(api: ApiClient, names: string[]): Promise<{ saved: boolean }> {
  return api.post<{ saved: boolean }>('/order', { channel_names: JSON.stringify(names) });
}

export interface FollowResult {
  blog: Blog;
  friendCount: number;
}

export async function followBlog(api: ApiClient, name: string, follow: boolean): Promise<FollowResult> {
  const answer = await api.post<WireFollowResult>(follow ? '/svc/follow' : '/svc/unfollow', {
    tumblelog: name,
  });
  return { blog: blogFromWire(answer.tumblelog), friendCount: answer.friend_count };
}

/**
 * A blog (GET /svc/data/tumblelog). For one of the user's own blogs, `owner` asks for its
 * member counts and activity data too (spec 000 §4: loaded before a blog row opens); the
 * server refuses those for anyone else's blog (403 not_your_blog).
 */
export function fetchBlogData(
  api: ApiClient,
  name: string,
  options: { owner?: boolean; notifications?: boolean } = {},
): Promise<Blog> {
  const owner = options.owner ?? false;
  return api
    .get<WireBlog>('/svc/data/tumblelog', {
      tumblelog: name,
      include_member_data: owner ? 1 : undefined,
      include_activity_data: owner ? 1 : undefined,
      include_activity_notifications: owner && options.notifications ? 1 : undefined,
    })
    .then(blogFromWire);
}

export function fetchExploreBlogs(api: ApiClient, limit?: number): Promise<Blog[]> {
  return api
    .get<WireBlogList>('/svc/blogs/explore', { limit })
    .then((answer) => answer.blogs.map(blogFromWire));
}

export function fetchFollowedBlogs(api: ApiClient): Promise<Blog[]> {
  return api
    .get<WireBlogList>('/svc/user/following')
    .then((answer) => answer.blogs.map(blogFromWire));
}
