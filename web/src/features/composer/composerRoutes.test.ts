import { describe, expect, it } from 'vitest';
import { editPostPath, newPostPath, reblogPostPath } from '../../lib/composerPaths';
import { composerRouteOf } from './composerRoutes';

describe('composer routes (spec 001 §2)', () => {
  it('reads new-post routes with their base route, empty on the dashboard', () => {
    expect(composerRouteOf('/new/photo')).toEqual({ request: { mode: 'new', type: 'photo' }, basePath: '/dashboard' });
    expect(composerRouteOf('/blog/ann/drafts/new/text')).toEqual({
      request: { mode: 'new', type: 'text' },
      basePath: '/blog/ann/drafts',
    });
    expect(newPostPath('photo', '/dashboard')).toBe('/new/photo');
    expect(newPostPath('quote', '/blog/ann/queue')).toBe('/blog/ann/queue/new/quote');
  });

  it('leaves /new/blog (the new blog page) alone', () => {
    expect(composerRouteOf('/new/blog')).toBeNull();
    expect(composerRouteOf('/dashboard')).toBeNull();
  });

  it('reads edit and reblog routes', () => {
    expect(composerRouteOf(editPostPath(42))).toEqual({ request: { mode: 'edit', postId: 42 }, basePath: null });
    expect(composerRouteOf(reblogPostPath(7, 'a b'))).toEqual({
      request: { mode: 'reblog', reblogId: 7, reblogKey: 'a b' },
      basePath: null,
    });
  });
});
