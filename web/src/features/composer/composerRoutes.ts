// The composer's client routes (spec 001 §2): {baseRoute}/new/{type} (the base left empty on
// the dashboard), /edit/{postId} and /reblog/{reblogId}/{reblogKey}. While one is open the
// page under the modal is the base route, and closing goes back to it. The addresses
// themselves are built in lib/composerPaths.ts, where any feature may link to a composer.
import type { PostType } from '../../api/postModels';
import { DEFAULT_BASE_ROUTE, NEW_POST_TYPES } from '../../lib/composerPaths';
import type { ComposerRequest, PhotoPrefill } from './model/initialModel';

export interface ComposerRoute {
  request: ComposerRequest;
  /** The page under the composer, when the path names it (new posts); else where it was opened. */
  basePath: string | null;
}

const NEW = new RegExp(`^(.*?)/new/(${NEW_POST_TYPES.join('|')})/?$`);
const EDIT = /^\/edit\/(\d+)\/?$/;
const REBLOG = /^\/reblog\/(\d+)\/([^/]+)\/?$/;

/**
 * The photo form's query (spec 001 §2): `src`, `caption` and `tags` (comma-separated), or
 * nothing when it names none of them.
 */
export function photoPrefillOf(search: string): PhotoPrefill | undefined {
  const query = new URLSearchParams(search);
  const src = query.get('src')?.trim() ?? '';
  const caption = query.get('caption') ?? '';
  const tags = (query.get('tags') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (!src && !caption && tags.length === 0) return undefined;
  return { src, caption, tags };
}

/** The composer a path opens, or null for any other page. */
export function composerRouteOf(path: string): ComposerRoute | null {
  const created = NEW.exec(path);
  if (created) {
    return { request: { mode: 'new', type: created[2] as PostType }, basePath: created[1] || DEFAULT_BASE_ROUTE };
  }
  const edited = EDIT.exec(path);
  if (edited) return { request: { mode: 'edit', postId: Number(edited[1]) }, basePath: null };
  const reblogged = REBLOG.exec(path);
  if (reblogged) {
    return {
      request: { mode: 'reblog', reblogId: Number(reblogged[1]), reblogKey: decodeURIComponent(reblogged[2]) },
      basePath: null,
    };
  }
  return null;
}
