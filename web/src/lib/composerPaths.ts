// The composer's client routes (spec 001 §2) as addresses: {baseRoute}/new/{type} (the base
// left empty on the dashboard), /edit/{postId} and /reblog/{reblogId}/{reblogKey}. Shared, so
// that a post's Edit and Reblog links and the dashboard's new-post buttons open the composer
// without importing it; features/composer/composerRoutes.ts reads them back.
import type { PostType } from '../api/types/PostType';

/** The types a new-post route opens: the new-post buttons' (§2 Fast compose overlay). */
export const NEW_POST_TYPES = ['text', 'photo', 'quote', 'link', 'chat', 'audio', 'video'] as const satisfies readonly PostType[];

export const DEFAULT_BASE_ROUTE = '/dashboard';

/** The new-post route over `basePath`: /new/{type} on the dashboard, {base}/new/{type} elsewhere. */
export function newPostPath(type: PostType, basePath: string = DEFAULT_BASE_ROUTE): string {
  const base = basePath.replace(/\/+$/, '');
  return base === '' || base === DEFAULT_BASE_ROUTE ? `/new/${type}` : `${base}/new/${type}`;
}

export function editPostPath(postId: number): string {
  return `/edit/${postId}`;
}

export function reblogPostPath(reblogId: number, reblogKey: string): string {
  return `/reblog/${reblogId}/${encodeURIComponent(reblogKey)}`;
}
