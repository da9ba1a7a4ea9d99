import { describe, expect, it } from 'vitest';
import { afterSave, type SavedFrom } from './afterSave';

const from = (extra: Partial<SavedFrom> = {}): SavedFrom => ({ mode: 'new', fromFastCompose: false, basePath: '/dashboard', ...extra });
const created = { created: true, contextPage: 'dashboard' as const, post: { blogName: 'alice' } };

describe('after save (spec 001 §4)', () => {
  it('reloads the page in queue context only', () => {
    expect(afterSave(from({ basePath: '/blog/alice/queue' }), created).reloadPage).toBe(true);
    expect(afterSave(from({ basePath: '/blog/alice/queue', fromFastCompose: true }), created).reloadPage).toBe(true);
    expect(['/dashboard', '/blog/alice/drafts', '/blog/alice', '/blog/alice/tagged/queue'].map((basePath) => afterSave(from({ basePath }), created).reloadPage)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('shows the toast for reblogs, fast compose, tagged pages, or when no post was created', () => {
    expect(afterSave(from(), created).toast).toBe(false);
    expect(afterSave(from({ mode: 'reblog' }), created).toast).toBe(true);
    expect(afterSave(from({ fromFastCompose: true }), created).toast).toBe(true);
    expect(afterSave(from({ basePath: '/blog/alice/tagged/art' }), created).toast).toBe(true);
    expect(afterSave(from({ mode: 'edit' }), { ...created, created: false }).toast).toBe(true);
  });

  it('shows the toast for a new post that the page it was saved from does not list', () => {
    const savedTo = (contextPage: 'dashboard' | 'blog' | 'drafts' | 'queue', basePath = '/dashboard') =>
      afterSave(from({ basePath }), { created: true, contextPage, post: { blogName: 'alice' } }).toast;
    // From the dashboard: a draft, a queued (or scheduled) and a private post go elsewhere.
    expect(['drafts', 'queue', 'blog'].map((page) => savedTo(page as 'drafts' | 'queue' | 'blog'))).toEqual([true, true, true]);
    // Where it is listed, it shows there: no toast.
    expect(savedTo('drafts', '/blog/alice/drafts')).toBe(false);
    expect(savedTo('queue', '/blog/alice/queue')).toBe(false);
    expect(savedTo('dashboard', '/blog/alice')).toBe(false);
    expect(savedTo('blog', '/blog/alice')).toBe(false);
    // A draft saved from the queue page, or from a blog's page, is not listed there.
    expect(savedTo('drafts', '/blog/alice/queue')).toBe(true);
    expect(savedTo('drafts', '/blog/alice')).toBe(true);
  });

  it('shows the toast for a new post saved from a page that lists no new posts, or those of another blog', () => {
    const savedTo = (contextPage: 'dashboard' | 'blog' | 'drafts', basePath: string, blog = 'alice') =>
      afterSave(from({ basePath }), { created: true, contextPage, post: { blogName: blog } }).toast;
    // Published or private, from a page that is no list of new posts.
    for (const basePath of ['/likes', '/search/tea', '/activity', '/explore', '/blog/alice/post/5', '/blog/alice/activity', '/blog/alice/processing']) {
      expect([basePath, savedTo('dashboard', basePath), savedTo('blog', basePath)]).toEqual([basePath, true, true]);
    }
    // From another blog's page, or another blog's drafts.
    expect(savedTo('dashboard', '/blog/bob')).toBe(true);
    expect(savedTo('blog', '/blog/bob')).toBe(true);
    expect(savedTo('drafts', '/blog/bob/drafts')).toBe(true);
    // The blog's own page lists it, however its address is written.
    expect(savedTo('dashboard', '/blog/alice/')).toBe(false);
    expect(savedTo('blog', '/blog/alice?from=menu')).toBe(false);
    expect(savedTo('dashboard', '/blog/al%C3%AFce', 'alïce')).toBe(false);
    expect(savedTo('dashboard', '/')).toBe(false);
  });
});
