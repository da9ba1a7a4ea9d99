import { describe, expect, it } from 'vitest';
import { afterSave, type SavedFrom } from './afterSave';

const from = (extra: Partial<SavedFrom> = {}): SavedFrom => ({ mode: 'new', fromFastCompose: false, basePath: '/dashboard', ...extra });
const created = { created_post: true };

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
    expect(afterSave(from({ mode: 'edit' }), { created_post: false }).toast).toBe(true);
  });
});
